import { type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styled from 'styled-components';
import { StyledError, StyledHelper, StyledRequired } from './fieldStyles';
import { Icon } from '@ui/components/Icon';
import { controlAttributes, useFieldIds } from './useFieldIds';

export interface CheckboxProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'size'
> {
  /** May hold a link (e.g. to the terms of use). */
  label: ReactNode;
  error?: ReactNode;
  helperText?: ReactNode;
  className?: string;
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

export function Checkbox({
  label,
  error,
  helperText,
  required,
  id,
  className,
  ref,
  'aria-describedby': describedByProp,
  ...rest
}: CheckboxProps) {
  const ids = useFieldIds(id, { helper: Boolean(helperText), error: Boolean(error) });
  return (
    <StyledField className={className}>
      <StyledRow>
        <StyledBox
          ref={ref}
          type="checkbox"
          {...controlAttributes(ids, { error, required, more: [describedByProp] })}
          {...rest}
        />
        <StyledLabel id={ids.labelId} htmlFor={ids.inputId}>
          {label}
          {required ? <StyledRequired aria-hidden="true"> *</StyledRequired> : null}
        </StyledLabel>
      </StyledRow>
      {helperText || error ? (
        <StyledTexts>
          {helperText ? <StyledHelper id={ids.helperId}>{helperText}</StyledHelper> : null}
          {error ? (
            <StyledError id={ids.errorId}>
              <Icon name="error" size={12} />
              {error}
            </StyledError>
          ) : null}
        </StyledTexts>
      ) : null}
    </StyledField>
  );
}
