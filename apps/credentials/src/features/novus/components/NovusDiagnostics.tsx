import { useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import styled from 'styled-components';
import {
  novusDiagnosticsQueryOptions,
  type NovusDiagnostics as NovusDiagnosticsData,
} from '@crm-panel/api-client';
import {
  NOVUS_UNDERSTOOD_FIELDS,
  novusEffectiveMapping,
  novusMappingNames,
  type NovusDiagnosticsReport,
  type NovusFieldMapping,
  type NovusUnderstoodField,
  type NovusUnderstanding,
} from '@crm-panel/crm-model';
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

const StyledTable = styled.table`
  width: 100%;
  /* Fixed columns: a long value wraps in its cell instead of squeezing the field's name. */
  table-layout: fixed;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: break-word;

  & thead th:first-child {
    width: 30%;
  }
  & td {
    overflow-wrap: anywhere;
  }

  & th,
  & td {
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
    border-bottom: ${({ theme }) => theme.borders.default};
    text-align: left;
    vertical-align: top;
  }
  & thead th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
  & tbody th {
    font-weight: normal;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

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

/** A value the panel understood, or this field's own "not found" (with the names tried, if given). */
function Understood({
  value,
  field,
  tried,
}: {
  value: string | null | undefined;
  field: NovusUnderstoodField;
  tried?: string[];
}) {
  if (value === undefined) return <>{T.notReported}</>;
  if (value !== null) return <>{value}</>;
  const names = tried === undefined ? '' : tried.length ? tried.join(', ') : null;
  return (
    <em>
      {T.notFound[field.understood]}
      {names === '' ? null : ` (${names === null ? T.triedNone : T.tried(names)})`}
    </em>
  );
}

/**
 * Each field of the mapping: what the panel understood when it reported, and what the same host
 * messages say under the mapping in force (with the names tried when nothing is found).
 */
function UnderstoodTable({
  report,
  reportedAt,
  now,
  mapping,
}: {
  report: NovusDiagnosticsReport;
  reportedAt: string | null;
  now: NovusUnderstanding | null;
  mapping: NovusFieldMapping;
}) {
  const effective = novusEffectiveMapping(mapping, report.userIdFields);
  const byPanel: Partial<Record<keyof NovusUnderstanding, string | null>> = report.understood;
  return (
    <StyledTable>
      <thead>
        <tr>
          <th scope="col">{T.understoodField}</th>
          <th scope="col">{T.understoodByPanel(reportedAt ? when(reportedAt) : '—')}</th>
          {now ? <th scope="col">{T.understoodNow}</th> : null}
        </tr>
      </thead>
      <tbody>
        {NOVUS_UNDERSTOOD_FIELDS.map((field) => (
          <tr key={field.understood}>
            <th scope="row">{field.label}</th>
            <td>
              <Understood value={byPanel[field.understood]} field={field} />
            </td>
            {now ? (
              <td>
                <Understood
                  value={now[field.understood] ?? null}
                  field={field}
                  tried={novusMappingNames(effective, field)}
                />
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </StyledTable>
  );
}

function Report({ data }: { data: NovusDiagnosticsData }) {
  // The newer of the tenant's report (with a panel session) and the pre-session one; an older
  // api says nothing of which: the session's, else the pre-session one.
  const shown =
    data.shown ?? (data.report ? 'session' : data.preSessionReport ? 'pre-session' : null);
  const verified = shown === 'session';
  const report = verified ? data.report : (data.preSessionReport ?? null);
  const reportedAt = verified ? data.reportedAt : (data.preSessionReportedAt ?? null);
  if (!report) return <Alert tone="info">{T.noReport}</Alert>;
  const other = verified
    ? data.preSessionReport && data.preSessionReportedAt
      ? T.olderPreSession(when(data.preSessionReportedAt))
      : null
    : data.report && data.reportedAt
      ? T.olderVerified(when(data.reportedAt))
      : null;
  const beforeMapping =
    data.custom &&
    data.mappingUpdatedAt &&
    reportedAt &&
    Date.parse(reportedAt) < Date.parse(data.mappingUpdatedAt)
      ? T.beforeMapping(when(data.mappingUpdatedAt))
      : null;
  const O = T.originRows;
  const userIdFields = report.userIdFields?.length ? report.userIdFields.join(', ') : null;
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
      {other ? <p>{other}</p> : null}
      {beforeMapping ? <Alert tone="info">{beforeMapping}</Alert> : null}
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
        <UnderstoodTable
          report={report}
          reportedAt={reportedAt}
          now={data.understoodNow ?? null}
          mapping={data.mapping}
        />
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
          <Pair label={O.hostOrigin.label}>{report.hostOrigin ?? O.hostOrigin.none}</Pair>
          <Pair label={O.parameter.label}>{report.origins.parameter ?? O.parameter.none}</Pair>
          <Pair label={O.referrer.label}>{report.origins.referrer ?? O.referrer.none}</Pair>
          <Pair label={O.ancestor.label}>{report.origins.ancestor ?? O.ancestor.none}</Pair>
          <Pair label={O.urlTenant.label}>{report.urlTenant ?? O.urlTenant.none}</Pair>
          <Pair label={O.userIdFields.label}>{userIdFields ?? O.userIdFields.none}</Pair>
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
                {when(entry.at)} · {entry.command ?? T.noCommand}
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
