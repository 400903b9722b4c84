import { useState } from 'react';
import styled from 'styled-components';
import { getErrorMessage, useInfiniteContacts } from '@crm-panel/api-client';
import { type DropdownOption, MESSAGES } from '@crm-panel/crm-model';
import { Button, FormErrorBanner, InlineError, SingleSelect } from '@crm-panel/ui';
import { contactOption } from '@contacts/shared/contactDetails';
import { crmContactUrl } from '@contacts/shared/crmLinks';
import { useSearchSelect } from '@contacts/shared/useSearchSelect';
import { useLinkContact } from '../hooks/useLinkContact';
import { type LinkedHandler } from '../linking';

const StyledPanel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding-top: ${({ theme }) => theme.space[4]};
`;

const StyledActions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

export interface ContactSearchPanelProps {
  hostContactId: string;
  onLinked: LinkedHandler;
}

/** Search mode: find a CRM contact by name, e-mail or phone and link it. */
export function ContactSearchPanel({ hostContactId, onLinked }: ContactSearchPanelProps) {
  const [selected, setSelected] = useState<DropdownOption | null>(null);
  const { list: contacts, selectProps } = useSearchSelect(useInfiniteContacts, contactOption);
  const link = useLinkContact(hostContactId, onLinked);

  return (
    <StyledPanel>
      <FormErrorBanner
        message={link.isError ? getErrorMessage(link.error, MESSAGES.contacts.linkError) : null}
        onClose={link.reset}
      />
      <SingleSelect
        label="Contato do CRM"
        // Short enough for a 320 px drawer; the helper text below says the rest.
        placeholder="Nome, e-mail ou telefone"
        helperText="Digite parte do nome, o e-mail ou o telefone do contato."
        {...selectProps}
        value={selected?.value ?? null}
        selectedLabel={selected?.label}
        onChange={(value, option) => {
          link.reset();
          setSelected(value && option ? option : null);
        }}
        onChangeRequest={() => undefined}
        allowRemove
        crmUrl={selected ? crmContactUrl(selected.value) : undefined}
      />
      {contacts.isError ? (
        <InlineError
          message={MESSAGES.auth.fetchContactsError}
          onRetry={() => void contacts.refetch()}
        />
      ) : null}
      <StyledActions>
        <Button
          icon="link"
          disabled={!selected}
          loading={link.isPending}
          onClick={() => {
            if (selected) link.mutate(selected.value);
          }}
        >
          Vincular contato
        </Button>
      </StyledActions>
    </StyledPanel>
  );
}
