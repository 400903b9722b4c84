import styled from 'styled-components';
import { type Contact } from '@crm-panel/crm-model';
import { EmptyState } from '@crm-panel/ui';
import { TEXTS } from '@credentials/features/shared/texts';

export interface ContactListProps {
  contacts: Contact[];
}

const StyledList = styled.ul`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
  border: ${({ theme }) => theme.borders.subtle};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const StyledItem = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  padding: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[4]};

  & + & {
    border-top: ${({ theme }) => theme.borders.subtle};
  }
`;

const StyledName = styled.strong`
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const StyledDetails = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  column-gap: ${({ theme }) => theme.space[3]};
  row-gap: ${({ theme }) => theme.space[0.5]};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledTerm = styled.dt`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledValue = styled.dd`
  margin: 0;
  min-width: 0;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/** The login page's contact list: name, email, job title and phone (PRODUCT.md §2 'Login page'). */
export function ContactList({ contacts }: ContactListProps) {
  const t = TEXTS.login;
  if (contacts.length === 0) return <EmptyState icon="inbox" title={t.noContacts} />;
  return (
    <StyledList aria-label={t.contactsTitle}>
      {contacts.map((contact) => (
        <StyledItem key={contact.id}>
          <StyledName>{contact.name}</StyledName>
          <StyledDetails>
            <StyledTerm>{t.email}</StyledTerm>
            <StyledValue>{contact.emails[0]?.email ?? t.none}</StyledValue>
            <StyledTerm>{t.jobTitle}</StyledTerm>
            <StyledValue>{contact.job_title || t.none}</StyledValue>
            <StyledTerm>{t.phone}</StyledTerm>
            <StyledValue>{contact.phones[0]?.phone ?? t.none}</StyledValue>
          </StyledDetails>
        </StyledItem>
      ))}
    </StyledList>
  );
}
