import { type DropdownOption } from '@crm-panel/crm-model';
import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { Icon } from '@ui/components/Icon';
import { FieldShell } from '@ui/forms/FieldShell';
import { type FieldIds, useFieldIds } from '@ui/forms/useFieldIds';
import { DropdownPanel } from './DropdownPanel';
import { DROPDOWN_TEXTS } from './dropdownTexts';
import {
  StyledAdornment,
  StyledControl,
  StyledSearchInput,
  StyledSelectOnly,
  StyledValueText,
} from './dropdownStyles';
import { type SelectFieldProps } from './selectFieldProps';
import { type DropdownState } from './useDropdown';

export type { SelectFieldProps };

/** The list part of a select's props, with the spec's default empty text. */
export function listStateOf({
  loading = false,
  loadingMore = false,
  hasMore = false,
  onLoadMore,
  emptyText = DROPDOWN_TEXTS.noOptions,
}: SelectFieldProps): ComboboxListState {
  return { loading, loadingMore, hasMore, onLoadMore, emptyText };
}

/** Ids, refs and the accessible name every select needs. */
export function useSelectField({ id, helperText, error, label }: SelectFieldProps) {
  const ids = useFieldIds(id, { helper: Boolean(helperText), error: Boolean(error) });
  const rootRef = useRef<HTMLDivElement | null>(null);
  const controlRef = useRef<HTMLElement | null>(null);
  const labelledBy = label !== undefined ? ids.labelId : undefined;
  return { ids, rootRef, controlRef, labelledBy };
}

export interface SelectFieldShellProps {
  field: SelectFieldProps;
  ids: FieldIds;
  /** Clicking the label focuses the control (or the summary's 'Alterar'). */
  onLabelClick: () => void;
  children: ReactNode;
}

/** Label, helper text and error around a select, as for every other field. */
export function SelectFieldShell({ field, ids, onLabelClick, children }: SelectFieldShellProps) {
  return (
    <FieldShell
      ids={ids}
      label={field.label}
      labelElement="span"
      required={field.required}
      hideLabel={field.hideLabel}
      helperText={field.helperText}
      error={field.error}
      className={field.className}
      onLabelClick={onLabelClick}
    >
      {children}
    </FieldShell>
  );
}

/** What the list shows while pages load (PRODUCT.md §2: 'Carregando...', 'Carregando mais...'). */
export interface ComboboxListState {
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  onLoadMore?: () => void;
  emptyText: string;
}

export type SelectField = ReturnType<typeof useSelectField>;

export interface ComboboxProps {
  /** The select's own props (searchable, disabled, error, required, the list's paging). */
  field: SelectFieldProps;
  /** The placeholder after the select's default: names the control without a label, and the list. */
  placeholder: string;
  select: SelectField;
  dropdown: DropdownState;
  /** The search box's text (searchable) and its placeholder. */
  inputValue: string;
  inputPlaceholder: string;
  /** What a select-only control shows, and whether that is the placeholder. */
  displayText: string;
  displayIsPlaceholder: boolean;
  isSelected: (option: DropdownOption) => boolean;
  multiselectable?: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** Clicking the search box of a closed list. */
  onInputClick?: () => void;
}

/**
 * The combobox + listbox both selects are made of: the control (a search box or a select-only
 * element, with its ARIA), its adornments and the open list with paging. Chips (MultiSelect) and
 * the summary with 'Alterar' (SingleSelect) sit around it.
 */
export function Combobox({
  field,
  placeholder,
  select: { ids, labelledBy, controlRef },
  dropdown,
  inputValue,
  inputPlaceholder,
  displayText,
  displayIsPlaceholder,
  isSelected,
  multiselectable,
  onKeyDown,
  onInputClick,
}: ComboboxProps) {
  const { searchable = false, disabled = false, required } = field;
  const invalid = Boolean(field.error);
  const list = listStateOf(field);
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
    'aria-invalid': invalid ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': ids.describedBy,
  };
  const setControl = (node: HTMLElement | null) => {
    controlRef.current = node;
  };

  return (
    <>
      <StyledControl
        $invalid={invalid}
        $open={dropdown.open}
        aria-disabled={disabled || undefined}
        onClick={(event) => dropdown.clickControl(event, controlRef.current)}
      >
        {searchable ? (
          <>
            <StyledAdornment $decorative>
              <Icon name="search" size={16} />
            </StyledAdornment>
            <StyledSearchInput
              {...comboboxAria}
              ref={setControl}
              id={ids.inputId}
              type="text"
              autoComplete="off"
              aria-autocomplete="list"
              value={inputValue}
              placeholder={inputPlaceholder}
              disabled={disabled}
              onChange={(event) => dropdown.changeQuery(event.target.value)}
              onClick={onInputClick}
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
            {/* data-placeholder: a layout check can tell a cut placeholder from a cut value. */}
            <StyledValueText
              $placeholder={displayIsPlaceholder}
              data-placeholder={displayIsPlaceholder || undefined}
            >
              {displayText}
            </StyledValueText>
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
          multiselectable={multiselectable}
          onChoose={dropdown.choose}
          onActivate={dropdown.setActiveIndex}
          loading={list.loading}
          loadingMore={list.loadingMore}
          hasMore={list.hasMore}
          onLoadMore={list.onLoadMore}
          emptyText={list.emptyText}
        />
      ) : null}
    </>
  );
}
