import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { auditInfiniteQueryOptions, auditPeopleQueryOptions } from '@crm-panel/api-client';
import { type AuditQuery } from '@crm-panel/crm-model';
import { Alert, Button, EmptyState, Skeleton } from '@crm-panel/ui';
import { useAuditExport } from '@credentials/features/audit/hooks/useAuditExport';
import { usePasswordUnlock } from '@credentials/features/audit/hooks/usePasswordUnlock';
import { TEXTS } from '@credentials/features/shared/texts';
import { AuditEntryItem } from './AuditEntryItem';
import { AuditFilters } from './AuditFilters';

const StyledSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

// In a narrow drawer the export goes under the intro instead of squeezing it into a column.
const StyledHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};

  & > p {
    flex: 1 1 ${({ theme }) => theme.sizes.flexBasis.lg};
    margin: 0;
  }

  & > button {
    flex-shrink: 0;
    white-space: nowrap;
  }
`;

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

/**
 * 'Histórico de alterações': the admin's filterable list of changes made from the
 * panel, paged with 'Carregar mais', and its CSV export. Who may read it is the api's call: an
 * attendant's 403 is shown as the api words it; a host that signs nothing asks for the password.
 */
export function AuditHistory() {
  const [query, setQuery] = useState<AuditQuery>({});
  const { access, attempt, needsPassword, failure } = usePasswordUnlock();
  const history = useInfiniteQuery(auditInfiniteQueryOptions(query, access, attempt));
  // The person filter's choices, read once from the trail itself (never a CRM request per page).
  const people = useQuery(auditPeopleQueryOptions(access, attempt));
  const { exportCsv, error: exportError } = useAuditExport(query, access);

  const entries = history.data?.pages.flatMap((page) => page.entries);
  const listed = (): ReactNode => {
    if (entries === undefined)
      return <Skeleton variant="block" height="list" label={TEXTS.common.loading} />;
    if (entries.length === 0)
      return (
        <EmptyState title={TEXTS.audit.emptyTitle} description={TEXTS.audit.emptyDescription} />
      );
    return (
      <>
        <StyledList aria-label={TEXTS.audit.title}>
          {entries.map((entry) => (
            <AuditEntryItem key={entry.id} entry={entry} />
          ))}
        </StyledList>
        {history.hasNextPage ? (
          <Button
            variant="secondary"
            loading={history.isFetchingNextPage}
            onClick={() => history.fetchNextPage()}
          >
            {TEXTS.audit.loadMore}
          </Button>
        ) : null}
      </>
    );
  };
  const content = failure(history, TEXTS.audit) ?? listed();

  const readable = !history.isError && history.data !== undefined;
  return (
    <StyledSection aria-label={TEXTS.audit.title}>
      <StyledHeader>
        <p>{TEXTS.audit.intro}</p>
        {readable ? (
          <Button variant="secondary" onClick={exportCsv}>
            {TEXTS.audit.export}
          </Button>
        ) : null}
      </StyledHeader>
      {exportError ? <Alert tone="error">{exportError}</Alert> : null}
      {needsPassword(history) ? null : (
        <AuditFilters
          onApply={setQuery}
          people={people.data ?? []}
          peopleLoading={people.isPending && !people.isError}
        />
      )}
      {content}
    </StyledSection>
  );
}
