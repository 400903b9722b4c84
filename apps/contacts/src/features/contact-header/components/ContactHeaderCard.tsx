import styled from 'styled-components';
import { MESSAGES } from '@crm-panel/crm-model';
import { useFormResult, useHostForms } from '@crm-panel/host-bridge';
import {
  Card,
  Icon,
  IconButton,
  InlineError,
  NewTabLink,
  Skeleton,
  Stack,
  VisuallyHidden,
} from '@crm-panel/ui';
import { crmContactUrl } from '@contacts/shared/crmLinks';
import { useContactHeaderData } from '../hooks/useContactHeaderData';
import { ContactAvatar } from './ContactAvatar';
import { OrganizationLine } from './OrganizationLine';

const StyledRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
`;

const StyledText = styled.div`
  display: flex;
  flex: 1 1 auto;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[0.5]};
  min-width: 0;
`;

const StyledName = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  overflow-wrap: anywhere;
`;

const StyledNameLink = styled(NewTabLink)`
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radii.sm};

  &:hover {
    color: ${({ theme }) => theme.colors.primaryText};
    text-decoration: underline;
  }

  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }

  svg {
    margin-left: ${({ theme }) => theme.space[1]};
    vertical-align: -1px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex: none;
  gap: ${({ theme }) => theme.space[1]};
`;

export interface ContactHeaderCardProps {
  contactId: string;
}

/** One CRM contact: a skeleton while loading, the failure with a retry, or the contact. */
export function ContactHeaderCard({ contactId }: ContactHeaderCardProps) {
  const { openForm } = useHostForms();
  const { contactQuery, contact, organizationId, organizationQuery, refresh, reloadAfterEdit } =
    useContactHeaderData(contactId);

  // The edit form may run in another window (host modal, popup): reload when it saved.
  useFormResult('contact-edit', (event) => {
    if (event.result.success) void reloadAfterEdit();
  });

  const loadError = contactQuery.isError ? (
    <InlineError message={MESSAGES.contacts.loadError} onRetry={() => void refresh()} />
  ) : null;

  if (!contact) {
    return (
      <Card aria-label="Contato" aria-busy={!contactQuery.isError || undefined}>
        {loadError ?? (
          <StyledRow>
            <Skeleton variant="circle" height="avatar" decorative />
            <Skeleton lines={2} label="Carregando dados do contato..." />
          </StyledRow>
        )}
      </Card>
    );
  }

  const organizationName = organizationQuery.data?.name ?? null;
  const refreshing = contactQuery.isFetching || organizationQuery.isFetching;

  const openEdit = () => {
    openForm('contact-edit', {
      contactId,
      name: contact.name,
      organizationId,
      organizationName,
    });
  };

  return (
    <Card aria-label="Contato">
      <Stack>
        {loadError}
        <StyledRow>
          <ContactAvatar name={contact.name} />
          <StyledText>
            <StyledName>
              <StyledNameLink
                href={crmContactUrl(contactId)}
                title="Abrir contato no CRM (nova aba)"
              >
                {contact.name}
                <Icon name="external" size={14} />
                <VisuallyHidden> (abre no CRM em nova aba)</VisuallyHidden>
              </StyledNameLink>
            </StyledName>
            <OrganizationLine
              organizationId={organizationId}
              name={organizationName}
              loading={organizationId !== null && organizationQuery.isPending}
              failed={organizationQuery.isError}
            />
          </StyledText>
          <StyledActions>
            <IconButton
              label="Atualizar contato"
              icon="refresh"
              loading={refreshing}
              onClick={() => void refresh()}
            />
            <IconButton label="Editar contato" icon="edit" onClick={openEdit} />
          </StyledActions>
        </StyledRow>
      </Stack>
    </Card>
  );
}
