import { type Ref, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { Icon } from '@ui/components/Icon';
import { controlBox } from './fieldStyles';
import { FieldShell } from './FieldShell';
import { type LabelledFieldProps, useLabelledField } from './useFieldIds';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'>, LabelledFieldProps {
  options: SelectOption[];
  /** First, empty-valued option. */
  placeholder?: string;
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
export function Select({ options, placeholder, ref, ...props }: SelectProps) {
  const { shell, control } = useLabelledField(props);
  return (
    <FieldShell {...shell}>
      <StyledWrap>
        <StyledSelect ref={ref} {...control}>
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
