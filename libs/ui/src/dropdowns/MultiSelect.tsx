import { type DropdownOption } from '@crm-panel/crm-model';
import { type KeyboardEvent, useRef } from 'react';
import styled from 'styled-components';
import { Icon } from '@ui/components/Icon';
import { focusRing } from '@ui/theme/mixins';
import { Combobox, SelectFieldShell, type SelectFieldProps, useSelectField } from './Combobox';
import { StyledRoot } from './dropdownStyles';
import { DROPDOWN_TEXTS } from './dropdownTexts';
import { useDropdown } from './useDropdown';

export interface MultiSelectProps extends SelectFieldProps {
  value: string[];
  onChange: (values: string[], selected: DropdownOption[]) => void;
  /** Labels for chosen values that are not among the loaded options. */
  selectedOptions?: DropdownOption[];
}

const StyledChips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1.5]};
  margin: 0 0 ${({ theme }) => theme.space[1]};
  padding: 0;
  list-style: none;
`;

const StyledChip = styled.li`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  max-width: 100%;
  padding: ${({ theme }) => `${theme.space[0.5]} ${theme.space[0.5]} ${theme.space[0.5]} ${theme.space[2]}`};
  border: 1px solid ${({ theme }) => theme.colors.primaryBorder};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primarySubtle};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const StyledChipText = styled.span`
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

const StyledChipRemove = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 20px;
  height: 20px;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.round};
  background: transparent;
  color: inherit;
  cursor: pointer;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.primaryBorder};
  }

  &:disabled {
    cursor: not-allowed;
  }

  ${focusRing}
`;

/** Multi-select dropdown of PRODUCT.md §2: chosen options show as removable chips. */
export function MultiSelect(props: MultiSelectProps) {
  const {
    options,
    value,
    onChange,
    selectedOptions = [],
    placeholder = DROPDOWN_TEXTS.multiPlaceholder,
    disabled = false,
    searchable = false,
  } = props;

  const select = useSelectField(props);
  const { ids, rootRef, controlRef, labelledBy } = select;
  // Options seen so far, so chips keep their labels when a search replaces the option list.
  const knownRef = useRef(new Map<string, DropdownOption>());
  for (const option of [...selectedOptions, ...options]) knownRef.current.set(option.value, option);

  const optionFor = (optionValue: string): DropdownOption =>
    knownRef.current.get(optionValue) ?? { value: optionValue, label: optionValue };
  const chosen = value.map(optionFor);
  const isSelected = (option: DropdownOption) => value.includes(option.value);

  const emit = (values: string[]) => onChange(values, values.map(optionFor));

  const toggleOption = (option: DropdownOption) => {
    emit(
      isSelected(option) ? value.filter((item) => item !== option.value) : [...value, option.value],
    );
  };

  const dropdown = useDropdown({
    field: props,
    rootRef,
    isSelected,
    onChoose: toggleOption,
    closeOnChoose: false,
  });

  const removeChip = (optionValue: string) => {
    emit(value.filter((item) => item !== optionValue));
    controlRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const last = value[value.length - 1];
    if (event.key === 'Backspace' && searchable && dropdown.query === '' && last !== undefined) {
      event.preventDefault();
      emit(value.slice(0, -1));
      return;
    }
    dropdown.onKeyDown(event);
  };

  return (
    <SelectFieldShell field={props} ids={ids} onLabelClick={() => controlRef.current?.focus()}>
      {chosen.length > 0 ? (
        <StyledChips aria-labelledby={labelledBy}>
          {chosen.map((option) => (
            <StyledChip key={option.value}>
              <StyledChipText title={option.label}>{option.label}</StyledChipText>
              <StyledChipRemove
                type="button"
                aria-label={`Remover ${option.label}`}
                title={`Remover ${option.label}`}
                disabled={disabled}
                onClick={() => removeChip(option.value)}
              >
                <Icon name="close" size={12} />
              </StyledChipRemove>
            </StyledChip>
          ))}
        </StyledChips>
      ) : null}
      <StyledRoot ref={rootRef}>
        <Combobox
          field={props}
          placeholder={placeholder}
          select={select}
          dropdown={dropdown}
          inputValue={dropdown.query}
          inputPlaceholder={placeholder}
          displayText={placeholder}
          displayIsPlaceholder
          isSelected={isSelected}
          multiselectable
          onKeyDown={onKeyDown}
        />
      </StyledRoot>
    </SelectFieldShell>
  );
}
