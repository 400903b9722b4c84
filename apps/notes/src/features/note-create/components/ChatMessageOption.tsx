import styled from 'styled-components';
import { type ChatMessage, MESSAGES } from '@crm-panel/crm-model';
import { chatMessageDate, formatDateTime } from '@crm-panel/format';
import { Checkbox } from '@crm-panel/ui/fields';

export interface ChatMessageOptionProps {
  message: ChatMessage;
  checked: boolean;
  onToggle: (message: ChatMessage, checked: boolean) => void;
  disabled?: boolean;
}

const StyledItem = styled.li<{ $checked: boolean }>`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-bottom: ${({ theme }) => theme.borders.subtle};
  background: ${({ theme, $checked }) => ($checked ? theme.colors.surfaceSelected : 'transparent')};

  &:last-child {
    border-bottom: 0;
  }
`;

const StyledHeader = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `0 ${theme.space[2]}`};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledSender = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

const StyledDate = styled.span`
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledText = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.space[0.5]};
  color: ${({ theme }) => theme.colors.text};
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

/** One chat message the person can tick for the import. */
export function ChatMessageOption({
  message,
  checked,
  onToggle,
  disabled,
}: ChatMessageOptionProps) {
  const date = chatMessageDate(message);
  return (
    <StyledItem $checked={checked}>
      <Checkbox
        checked={checked}
        disabled={disabled}
        onChange={(event) => onToggle(message, event.target.checked)}
        label={
          <>
            <StyledHeader>
              <StyledSender>
                {message.isSentByMe ? MESSAGES.chatImport.you : message.senderName}
              </StyledSender>
              {date ? <StyledDate>{formatDateTime(date)}</StyledDate> : null}
            </StyledHeader>
            <StyledText>{message.text}</StyledText>
          </>
        }
      />
    </StyledItem>
  );
}
