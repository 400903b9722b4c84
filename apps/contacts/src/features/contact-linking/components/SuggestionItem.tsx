import styled from 'styled-components';
import { Button, StatusBadge } from '@crm-panel/ui';
import { contactDetails } from '@contacts/shared/contactDetails';
import { type ContactSuggestion, type SuggestionReason } from '../suggestions';

const StyledItem = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  padding: ${({ theme }) => theme.space[3]};
  border: ${({ theme }) => theme.borders.subtle};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const StyledText = styled.div`
  display: flex;
  flex: 1 1 ${({ theme }) => theme.sizes.flexBasis.lg};
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
`;

const StyledTitle = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledName = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

const StyledDetails = styled.p`
  display: flex;
  flex-wrap: wrap;
  column-gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textSecondary};

  span {
    min-width: 0;
    overflow-wrap: anywhere;
  }

  /* A phone or e-mail stays whole; the list wraps between them, a line never starting with '·'. */
  span:not(:last-child)::after {
    content: '·';
    margin-left: ${({ theme }) => theme.space[2]};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const REASON_LABELS: Record<SuggestionReason, string> = {
  phone: 'Mesmo telefone',
  'phone-and-name': 'Mesmo telefone e nome',
  name: 'Nome semelhante',
};

export interface SuggestionItemProps {
  suggestion: ContactSuggestion;
  /** This suggestion is being linked. */
  linking: boolean;
  /** Another link is under way. */
  disabled: boolean;
  onLink: () => void;
}

/** One suggested CRM contact with why it is offered and its 'Vincular' button. */
export function SuggestionItem({ suggestion, linking, disabled, onLink }: SuggestionItemProps) {
  const { contact, reason } = suggestion;
  const details = contactDetails(contact);
  return (
    <StyledItem>
      <StyledText>
        <StyledTitle>
          <StyledName>{contact.name}</StyledName>
          <StatusBadge tone={reason === 'name' ? 'neutral' : 'success'}>
            {REASON_LABELS[reason]}
          </StatusBadge>
        </StyledTitle>
        {details.length > 0 ? (
          <StyledDetails>
            {details.map((detail) => (
              <span key={detail}>{detail}</span>
            ))}
          </StyledDetails>
        ) : null}
      </StyledText>
      <Button
        size="sm"
        icon="link"
        loading={linking}
        disabled={disabled && !linking}
        aria-label={linking ? undefined : `Vincular ${contact.name}`}
        onClick={onLink}
      >
        Vincular
      </Button>
    </StyledItem>
  );
}
