import { useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import styled from 'styled-components';
import {
  novusDiagnosticsQueryOptions,
  type NovusDiagnostics as NovusDiagnosticsData,
} from '@crm-panel/api-client';
import { type NovusUnderstanding } from '@crm-panel/crm-model';
import { formatDateTime } from '@crm-panel/format';
import { Alert, Skeleton } from '@crm-panel/ui';
import { usePasswordUnlock } from '@credentials/features/audit/hooks/usePasswordUnlock';
import { TEXTS } from '@credentials/features/shared/texts';
import { NovusMappingForm } from './NovusMappingForm';

const T = TEXTS.novus;

const StyledSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledHeading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const StyledSubheading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const StyledCode = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.space[2]};
  max-height: ${({ theme }) => theme.sizes.content.narrow};
  overflow: auto;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border: ${({ theme }) => theme.borders.default};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const StyledList = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;

  & dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & dd {
    margin: 0;
  }
`;

const StyledMissing = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[4]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const UNDERSTOOD_KEYS: (keyof NovusUnderstanding)[] = [
  'userId',
  'systemKey',
  'attendanceId',
  'channelId',
  'contactId',
  'phone',
];

const json = (value: unknown) => JSON.stringify(value, null, 2);
const when = (iso: string) => formatDateTime(iso);

function Pair({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Report({ data }: { data: NovusDiagnosticsData }) {
  // The tenant's report came with a panel session; with none yet, the pre-session one, labelled.
  const verified = data.report !== null;
  const report = data.report ?? data.preSessionReport ?? null;
  const reportedAt = verified ? data.reportedAt : (data.preSessionReportedAt ?? null);
  if (!report) return <Alert tone="info">{T.noReport}</Alert>;
  return (
    <>
      {verified ? null : (
        <Alert tone="warning" title={T.preSessionTitle}>
          {T.preSession}
        </Alert>
      )}
      {reportedAt ? (
        <p>
          {T.reportedAt} {when(reportedAt)}
          {verified && data.reportedBy ? ` (${T.reportedBy(data.reportedBy)})` : null}
        </p>
      ) : null}
      <StyledSection aria-label={T.missingTitle}>
        <StyledHeading>{T.missingTitle}</StyledHeading>
        {data.missing.length === 0 ? (
          <Alert tone="success">{T.nothingMissing}</Alert>
        ) : (
          <Alert tone="warning">
            <StyledMissing>
              {data.missing.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </StyledMissing>
          </Alert>
        )}
      </StyledSection>
      <StyledSection aria-label={T.understoodTitle}>
        <StyledHeading>{T.understoodTitle}</StyledHeading>
        <StyledList>
          {UNDERSTOOD_KEYS.map((key) => (
            <Pair key={key} label={T.understood[key]}>
              {report.understood[key] ?? <em>{T.notFound}</em>}
            </Pair>
          ))}
        </StyledList>
      </StyledSection>
      <StyledSection aria-label={T.sentTitle}>
        <StyledHeading>{T.sentTitle}</StyledHeading>
        <StyledSubheading>{T.userInfo}</StyledSubheading>
        {report.userInfo ? (
          <>
            <span>{when(report.userInfo.at)}</span>
            <StyledCode>{json(report.userInfo.reply)}</StyledCode>
          </>
        ) : report.userInfoError ? (
          <p>
            {T.userInfoRefused(report.userInfoError.error)} · {when(report.userInfoError.at)}
          </p>
        ) : (
          <p>{T.noUserInfo}</p>
        )}
        <StyledSubheading>{T.lastEvent}</StyledSubheading>
        {report.lastEvent ? (
          <>
            <span>
              {report.lastEvent.name} · {when(report.lastEvent.at)}
            </span>
            <StyledCode>{json(report.lastEvent.payload)}</StyledCode>
          </>
        ) : (
          <p>{T.noEvent}</p>
        )}
        <StyledSubheading>{T.origins}</StyledSubheading>
        <StyledList>
          <Pair label={T.hostOrigin}>{report.hostOrigin ?? T.none}</Pair>
          <Pair label={T.parameterOrigin}>{report.origins.parameter ?? T.none}</Pair>
          <Pair label={T.referrerOrigin}>{report.origins.referrer ?? T.none}</Pair>
          <Pair label={T.ancestorOrigin}>{report.origins.ancestor ?? T.none}</Pair>
          <Pair label={T.urlTenant}>{report.urlTenant ?? T.none}</Pair>
        </StyledList>
        <StyledSubheading>{T.apiRequestFailure}</StyledSubheading>
        {report.apiRequestFailure ? (
          <p>
            {report.apiRequestFailure.host} · {report.apiRequestFailure.endpoint} ·{' '}
            <strong>{report.apiRequestFailure.error}</strong> · {when(report.apiRequestFailure.at)}
          </p>
        ) : (
          <p>{T.noApiRequestFailure}</p>
        )}
      </StyledSection>
      <StyledSection aria-label={T.unexpectedTitle}>
        <StyledHeading>{T.unexpectedTitle}</StyledHeading>
        <p>{T.unexpectedIntro}</p>
        {report.unexpected.length === 0 ? (
          <p>{T.noUnexpected}</p>
        ) : (
          <StyledMissing>
            {[...report.unexpected].reverse().map((entry) => (
              <li key={`${entry.origin} ${entry.at}`}>
                {entry.origin} · {when(entry.at)}
                {entry.command ? ` · ${entry.command}` : ''}
              </li>
            ))}
          </StyledMissing>
        )}
      </StyledSection>
      {report.unrecognized?.length ? (
        <StyledSection aria-label={T.unrecognizedTitle}>
          <StyledHeading>{T.unrecognizedTitle}</StyledHeading>
          <p>{T.unrecognizedIntro}</p>
          <StyledMissing>
            {[...report.unrecognized].reverse().map((entry) => (
              <li key={`${entry.at} ${entry.command ?? ''} ${entry.callbackId ?? ''}`}>
                {when(entry.at)} · {entry.command ?? T.none}
                {entry.callbackId ? ` · callbackId ${entry.callbackId}` : ''}
              </li>
            ))}
          </StyledMissing>
        </StyledSection>
      ) : null}
    </>
  );
}

/**
 * 'Diagnóstico do Novus': what the Novus host sent (getInfoUser's reply, the last attendance
 * event, the origins), what the panel understood, what is missing, unexpected messages, and the
 * tenant's field mapping. Admins only: the api decides (a host that signs nothing: the password).
 */
export function NovusDiagnostics() {
  const { access, attempt, failure } = usePasswordUnlock();
  const diagnostics = useQuery(novusDiagnosticsQueryOptions(access, attempt));

  const { data } = diagnostics;
  const content =
    failure(diagnostics, T) ??
    (data ? (
      <>
        <Report data={data} />
        <StyledSection aria-label={T.mappingTitle}>
          <StyledHeading>{T.mappingTitle}</StyledHeading>
          <p>{T.mappingIntro}</p>
          <p>
            {data.custom && data.mappingUpdatedAt
              ? `${T.mappingCustom} ${when(data.mappingUpdatedAt)}.`
              : T.mappingDefaults}
          </p>
          <NovusMappingForm
            mapping={data.mapping}
            defaults={data.defaults}
            access={access}
            onSaved={() => void diagnostics.refetch()}
          />
        </StyledSection>
      </>
    ) : (
      <Skeleton variant="block" height="report" label={TEXTS.common.loading} />
    ));

  return (
    <StyledSection>
      <p>{T.intro}</p>
      {content}
    </StyledSection>
  );
}
