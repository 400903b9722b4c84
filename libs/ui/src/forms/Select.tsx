import { type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { Icon } from '@ui/components/Icon';
import { controlBox } from './fieldStyles';
import { FieldShell } from './FieldShell';
import { controlAttributes, useFieldIds } from './useFieldIds';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  label: ReactNode;
  options: SelectOption[];
  /** First, empty-valued option. */
  placeholder?: string;
  error?: ReactNode;
  helperText?: ReactNode;
  hideLabel?: boolean;
  className?: string;
  ref?: Ref<HTMLSelectElement>;
}

const StyledWrap = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

const StyledSelect = styled.select<{ $invalid: boolean }>`
  ${controlBox}
  appearance: none;
  padding-right: ${({ theme }) => theme.space[8]};
  cursor: pointer;
`;

const StyledChevron = styled.span`
  position: absolute;
  right: ${({ theme }) => theme.space[3]};
  display: inline-flex;
  color: ${({ theme }) => theme.colors.textMuted};
  pointer-events: none;
`;

/** Labelled native select (same label/asterisk/error/helper pattern as TextInput). */
export function Select({
  label,
  options,
  placeholder,
  error,
  helperText,
  hideLabel,
  required,
  id,
  className,
  ref,
  'aria-describedby': describedByProp,
  ...rest
}: SelectProps) {
  const ids = useFieldIds(id, { helper: Boolean(helperText), error: Boolean(error) });
  return (
    <FieldShell
      ids={ids}
      label={label}
      required={required}
      hideLabel={hideLabel}
      helperText={helperText}
      error={error}
      className={className}
    >
      <StyledWrap>
        <StyledSelect
          ref={ref}
          {...controlAttributes(ids, { error, required, more: [describedByProp] })}
          {...rest}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </StyledSelect>
        <StyledChevron>
          <Icon name="chevronDown" size={16} />
        </StyledChevron>
      </StyledWrap>
    </FieldShell>
  );
}
