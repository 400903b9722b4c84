import { type DropdownOption } from '@crm-panel/crm-model';
import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import styled from 'styled-components';
import { Icon } from '../components/Icon';
import { FieldShell } from '../forms/FieldShell';
import { useFieldIds } from '../forms/useFieldIds';
import { focusRing } from '../theme/mixins';
import { DropdownPanel } from './DropdownPanel';
import {
  StyledAdornment,
  StyledControl,
  StyledRoot,
  StyledSearchInput,
  StyledSelectOnly,
  StyledValueText,
} from './dropdownStyles';
import { useDropdown } from './useDropdown';

export interface MultiSelectProps {
  options: DropdownOption[];
  value: string[];
  onChange: (values: string[], selected: DropdownOption[]) => void;
  /** Labels for chosen values that are not among the loaded options. */
  selectedOptions?: DropdownOption[];
  placeholder?: string;
  label?: ReactNode;
  hideLabel?: boolean;
  id?: string;
  required?: boolean;
  error?: ReactNode;
  helperText?: ReactNode;
  disabled?: boolean;
  searchable?: boolean;
  /** Called with the search text 600 ms after typing stops, and with '' when a search is reset. */
  onSearch?: (text: string) => void;
  loading?: boolean;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  emptyText?: string;
  className?: string;
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

/** Multi-select dropdown of spec §2: chosen options show as removable chips. */
export function MultiSelect({
  options,
  value,
  onChange,
  selectedOptions = [],
  placeholder = 'Selecione uma ou mais opções',
  label,
  hideLabel,
  id,
  required,
  error,
  helperText,
  disabled = false,
  searchable = false,
  onSearch,
  loading = false,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  emptyText = 'Nenhuma opção disponível',
  className,
}: MultiSelectProps) {
  const ids = useFieldIds(id, { helper: Boolean(helperText), error: Boolean(error) });
  const rootRef = useRef<HTMLDivElement | null>(null);
  const controlRef = useRef<HTMLElement | null>(null);
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
    options,
    searchable,
    onSearch,
    disabled,
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

  const labelledBy = label !== undefined ? ids.labelId : undefined;
  const comboboxAria = {
    role: 'combobox',
    'aria-expanded': dropdown.open,
    'aria-controls': dropdown.open ? dropdown.listboxId : undefined,
    'aria-haspopup': 'listbox' as const,
    'aria-activedescendant':
      dropdown.open && dropdown.activeIndex >= 0
        ? dropdown.optionId(dropdown.activeIndex)
        : undefined,
    'aria-labelledby': labelledBy,
    'aria-label': labelledBy ? undefined : placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': ids.describedBy,
  };
  const setControl = (node: HTMLElement | null) => {
    controlRef.current = node;
  };

  return (
    <FieldShell
      ids={ids}
      label={label}
      labelElement="span"
      required={required}
      hideLabel={hideLabel}
      helperText={helperText}
      error={error}
      className={className}
      onLabelClick={() => controlRef.current?.focus()}
    >
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
        <StyledControl
          $invalid={Boolean(error)}
          $open={dropdown.open}
          aria-disabled={disabled || undefined}
          onClick={(event) => dropdown.clickControl(event, controlRef.current)}
        >
          {searchable ? (
            <>
              <StyledAdornment>
                <Icon name="search" size={16} />
              </StyledAdornment>
              <StyledSearchInput
                {...comboboxAria}
                ref={setControl}
                id={ids.inputId}
                type="text"
                autoComplete="off"
                aria-autocomplete="list"
                value={dropdown.query}
                placeholder={placeholder}
                disabled={disabled}
                onChange={(event) => dropdown.changeQuery(event.target.value)}
                onKeyDown={onKeyDown}
              />
            </>
          ) : (
            <StyledSelectOnly
              {...comboboxAria}
              ref={setControl}
              id={ids.inputId}
              tabIndex={disabled ? -1 : 0}
              aria-disabled={disabled || undefined}
              onKeyDown={onKeyDown}
            >
              <StyledValueText $placeholder>{placeholder}</StyledValueText>
            </StyledSelectOnly>
          )}
          <StyledAdornment $open={dropdown.open}>
            <Icon name="chevronDown" size={16} />
          </StyledAdornment>
        </StyledControl>
        {dropdown.open ? (
          <DropdownPanel
            listboxId={dropdown.listboxId}
            optionId={dropdown.optionId}
            labelledBy={labelledBy}
            ariaLabel={placeholder}
            options={dropdown.visibleOptions}
            activeIndex={dropdown.activeIndex}
            isSelected={isSelected}
            multiselectable
            onChoose={dropdown.choose}
            onActivate={dropdown.setActiveIndex}
            loading={loading}
            loadingMore={loadingMore}
            hasMore={hasMore}
            onLoadMore={onLoadMore}
            emptyText={emptyText}
          />
        ) : null}
      </StyledRoot>
    </FieldShell>
  );
}
