import { type FormEvent, useState } from 'react';
import { useNavigate } from '@crm-panel/contracts/router';
import styled from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { crmUsersQueryOptions, getErrorMessage, useChooseCrmUser } from '@crm-panel/api-client';
import { CRM_USER_TEXTS } from '@crm-panel/crm-model';
import { Alert, Button, EmptyState, Spinner, TextInput } from '@crm-panel/ui';
import { HeadedCardPage } from '@shell/app/HeadedCardPage';
import { CrmUserOptionList } from './CrmUserOptionList';

const StyledIntro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textSecondary};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  text-align: center;
`;

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

/** Past this many users the list gets a search box. */
const SEARCH_FROM = 8;

const matches = (text: string, search: string) =>
  text.toLocaleLowerCase('pt-BR').includes(search.trim().toLocaleLowerCase('pt-BR'));

/**
 * The step after the CRM sign-in when the api could not tell who signed in (RD's token names
 * nobody, and no e-mail the api trusts matched exactly one user): the attendant picks themselves
 * among the CRM's active users, once, and goes on to the panel.
 */
export function CrmUserChoicePage() {
  const navigate = useNavigate();
  const users = useQuery({ ...crmUsersQueryOptions(), staleTime: 0, gcTime: 0, retry: false });
  const [picked, setPicked] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const choose = useChooseCrmUser();

  const list = users.data?.users ?? [];
  const selectedId = picked ?? users.data?.suggestedId ?? null;
  const shown = list.filter((user) => matches(`${user.name} ${user.email}`, search));
  const chooseFailed = choose.isError
    ? getErrorMessage(choose.error, CRM_USER_TEXTS.chooseError)
    : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!selectedId || choose.isPending) return;
    // Not mutate's per-call onSuccess: the guard may unmount this page once the new status
    // arrives, and TanStack then skips those callbacks; the promise always settles.
    void choose.mutateAsync(selectedId).then(
      () => navigate('/', { replace: true }),
      () => undefined,
    );
  };

  const retry = (
    <Button variant="secondary" size="sm" icon="refresh" onClick={() => users.refetch()}>
      {CRM_USER_TEXTS.retry}
    </Button>
  );

  let body;
  if (users.isPending) {
    body = <Spinner message={CRM_USER_TEXTS.loading} />;
  } else if (users.isError) {
    body = (
      <Alert tone="error" action={retry}>
        {getErrorMessage(users.error, CRM_USER_TEXTS.loadError)}
      </Alert>
    );
  } else if (list.length === 0) {
    body = <EmptyState title={CRM_USER_TEXTS.empty} action={retry} />;
  } else {
    body = (
      <StyledForm aria-label={CRM_USER_TEXTS.heading} onSubmit={submit}>
        {list.length > SEARCH_FROM ? (
          <TextInput
            label={CRM_USER_TEXTS.search}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        ) : null}
        {shown.length > 0 ? (
          <CrmUserOptionList
            users={shown}
            selectedId={selectedId}
            suggestedId={users.data.suggestedId}
            onSelect={setPicked}
          />
        ) : (
          <EmptyState title={CRM_USER_TEXTS.noMatch} />
        )}
        {chooseFailed ? <Alert tone="error">{chooseFailed}</Alert> : null}
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={choose.isPending}
          disabled={selectedId === null}
        >
          {CRM_USER_TEXTS.confirm}
        </Button>
      </StyledForm>
    );
  }

  return (
    <HeadedCardPage heading={CRM_USER_TEXTS.heading}>
      <StyledIntro>{CRM_USER_TEXTS.intro}</StyledIntro>
      {body}
    </HeadedCardPage>
  );
}
