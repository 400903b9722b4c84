import { useId } from 'react';
import styled from 'styled-components';
import { hiddenInput } from '@crm-panel/ui';

export type NoteSource = 'manual' | 'chat';

export interface NoteSourceSwitchProps {
  value: NoteSource;
  onChange: (value: NoteSource) => void;
  disabled?: boolean;
}

const OPTIONS: { value: NoteSource; label: string }[] = [
  { value: 'manual', label: 'Escrever nota' },
  { value: 'chat', label: 'Importar do chat' },
];

const StyledFieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1.5]};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const StyledLegend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space[1.5]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.neutralText};
`;

const StyledOptions = styled.div`
  display: inline-flex;
  align-self: flex-start;
  max-width: 100%;
  padding: ${({ theme }) => theme.space[0.5]};
  border: ${({ theme }) => theme.borders.default};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const StyledOption = styled.label<{ $checked: boolean }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  padding: ${({ theme }) => `${theme.space[1.5]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme, $checked }) => ($checked ? theme.colors.primaryText : theme.colors.textSecondary)};
  background: ${({ theme, $checked }) => ($checked ? theme.colors.surface : 'transparent')};
  box-shadow: ${({ theme, $checked }) => ($checked ? theme.shadows.xs : 'none')};
  cursor: pointer;
  text-align: center;

  &:has(input:focus-visible) {
    outline: ${({ theme }) => theme.borders.focusOutline};
    outline-offset: ${({ theme }) => theme.sizes.outlineOffset.sm};
  }
`;

const StyledRadio = styled.input`
  ${hiddenInput}
`;

/** Manual note or import from chat: a radio group shown as a segmented control. */
export function NoteSourceSwitch({ value, onChange, disabled }: NoteSourceSwitchProps) {
  const name = useId();
  return (
    <StyledFieldset disabled={disabled}>
      <StyledLegend>Como deseja criar a nota?</StyledLegend>
      <StyledOptions>
        {OPTIONS.map((option) => (
          <StyledOption key={option.value} $checked={value === option.value}>
            <StyledRadio
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </StyledOption>
        ))}
      </StyledOptions>
    </StyledFieldset>
  );
}
