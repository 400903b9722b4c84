import styled from 'styled-components';
import { type HostContact } from '@crm-panel/crm-model';
import { Card } from '@crm-panel/ui';

const StyledList = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    color: ${({ theme }) => theme.colors.text};
    overflow-wrap: anywhere;
  }
`;

export interface HostContactSummaryProps {
  contact: HostContact;
}

/** Who is in the chat, as the host gives it: the person the attendant is about to link. */
export function HostContactSummary({ contact }: HostContactSummaryProps) {
  const name = contact.nome?.trim() || 'Sem nome';
  return (
    <Card title="Contato do chat">
      <StyledList aria-label="Contato do chat">
        <dt>Nome</dt>
        <dd>
          {name}
          {contact.nomeSecundario ? ` (${contact.nomeSecundario})` : ''}
        </dd>
        <dt>Telefone</dt>
        <dd>{contact.numero?.trim() || 'Não informado'}</dd>
      </StyledList>
    </Card>
  );
}
