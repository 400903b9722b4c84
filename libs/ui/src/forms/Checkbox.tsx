import { type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styled from 'styled-components';
import { StyledRequired } from './fieldStyles';
import { FieldMessages } from './FieldShell';
import { type LabelledFieldProps, useLabelledField } from './useFieldIds';

export interface CheckboxProps
  extends
    Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size'>,
    Omit<LabelledFieldProps, 'hideLabel'> {
  /** May hold a link (e.g. to the terms of use). */
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

const StyledField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
`;

const StyledRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledBox = styled.input<{ $invalid: boolean }>`
  flex: none;
  width: 16px;
  height: 16px;
  margin: 3px 0 0;
  accent-color: ${({ theme }) => theme.colors.primary};
  cursor: pointer;
  outline: ${({ theme, $invalid }) => ($invalid ? `1px solid ${theme.colors.danger}` : 'none')};
  outline-offset: 1px;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }

  &:disabled {
    cursor: not-allowed;
  }
`;

const StyledLabel = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

const StyledTexts = styled.div`
  padding-left: ${({ theme }) => theme.space[6]};
`;

export function Checkbox({ ref, ...props }: CheckboxProps) {
  const { ids, shell, control } = useLabelledField(props);
  return (
    <StyledField className={shell.className}>
      <StyledRow>
        <StyledBox ref={ref} type="checkbox" {...control} />
        <StyledLabel id={ids.labelId} htmlFor={ids.inputId}>
          {shell.label}
          {shell.required ? <StyledRequired aria-hidden="true"> *</StyledRequired> : null}
        </StyledLabel>
      </StyledRow>
      {shell.helperText || shell.error ? (
        <StyledTexts>
          <FieldMessages ids={ids} helperText={shell.helperText} error={shell.error} />
        </StyledTexts>
      ) : null}
    </StyledField>
  );
}
