import { useId } from 'react';
import styled from 'styled-components';
import { CRM_USER_TEXTS, type CrmUserOption } from '@crm-panel/crm-model';
import { StatusBadge } from '@crm-panel/ui';

const StyledFieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  max-height: ${({ theme }) => theme.sizes.listMaxHeight.lg};
  margin: 0;
  padding: 0;
  overflow-y: auto;
  border: 0;
`;

const StyledLegend = styled.legend`
  margin-bottom: ${({ theme }) => theme.space[2]};
  padding: 0;
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const StyledOption = styled.label<{ $checked: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[3]};
  border: ${({ theme, $checked }) => ($checked ? theme.borders.primary : theme.borders.subtle)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $checked }) =>
    $checked ? theme.colors.surfaceSelected : theme.colors.surface};
  cursor: pointer;

  &:hover {
    border-color: ${({ theme }) => theme.colors.primaryBorder};
  }

  input {
    flex: none;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const StyledText = styled.span`
  display: flex;
  flex: 1;
  min-width: 0;
  flex-direction: column;
`;

const StyledName = styled.span`
  overflow: hidden;
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const StyledEmail = styled.span`
  overflow: hidden;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export interface CrmUserOptionListProps {
  users: CrmUserOption[];
  selectedId: string | null;
  suggestedId: string | null;
  onSelect: (id: string) => void;
}

/** One radio per CRM user: the name names it, the e-mail (and the suggestion) describe it. */
export function CrmUserOptionList({
  users,
  selectedId,
  suggestedId,
  onSelect,
}: CrmUserOptionListProps) {
  const prefix = useId();
  return (
    <StyledFieldset>
      <StyledLegend>{CRM_USER_TEXTS.listLabel}</StyledLegend>
      {users.map((user) => {
        const nameId = `${prefix}-${user.id}-name`;
        const detailsId = `${prefix}-${user.id}-details`;
        return (
          <StyledOption key={user.id} $checked={user.id === selectedId}>
            <input
              type="radio"
              name={`${prefix}-crm-user`}
              value={user.id}
              checked={user.id === selectedId}
              onChange={() => onSelect(user.id)}
              aria-labelledby={nameId}
              aria-describedby={detailsId}
            />
            <StyledText>
              <StyledName id={nameId}>{user.name}</StyledName>
              <StyledEmail id={detailsId}>{user.email}</StyledEmail>
            </StyledText>
            {user.id === suggestedId ? (
              <StatusBadge tone="info">{CRM_USER_TEXTS.suggested}</StatusBadge>
            ) : null}
          </StyledOption>
        );
      })}
    </StyledFieldset>
  );
}
