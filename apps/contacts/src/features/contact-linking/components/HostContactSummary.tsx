import styled from 'styled-components';
import { type HostContact } from '@crm-panel/crm-model';
import { Card } from '@crm-panel/ui';

const StyledIntro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

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

/** Who is in the chat: the person the attendant is about to link. */
export function HostContactSummary({ contact }: HostContactSummaryProps) {
  const name = contact.nome?.trim() || 'Sem nome';
  return (
    <Card title="Vincular contato ao CRM">
      <StyledIntro>
        O contato deste atendimento ainda não está vinculado a um contato do CRM. Escolha uma
        sugestão, busque um contato existente ou crie um novo.
      </StyledIntro>
      <StyledList aria-label="Contato do chat">
        <dt>Contato do chat</dt>
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
