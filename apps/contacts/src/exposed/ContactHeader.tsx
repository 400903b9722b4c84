import styled from 'styled-components';
import type { ContactHeaderProps } from '@crm-panel/contracts';

const StyledHeader = styled.header`
  padding: 12px 16px;
  border: 1px solid #dde3ec;
  border-radius: 8px;
  background: #fff;
`;

const StyledEmpty = styled.p`
  margin: 0;
  color: #5b6474;
`;

/** The CRM contact of the selected chat. */
export function ContactHeader({ contactId }: ContactHeaderProps) {
  return (
    <StyledHeader>
      {contactId ? (
        <StyledEmpty>Contato {contactId}</StyledEmpty>
      ) : (
        <StyledEmpty>Nenhum contato selecionado</StyledEmpty>
      )}
    </StyledHeader>
  );
}

export { ContactHeader as default };
