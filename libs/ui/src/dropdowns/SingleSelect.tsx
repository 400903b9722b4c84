import { type DropdownOption } from '@crm-panel/crm-model';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../components/Button';
import { Icon } from '../components/Icon';
import { FieldShell } from '../forms/FieldShell';
import { useFieldIds } from '../forms/useFieldIds';
import { DropdownPanel } from './DropdownPanel';
import {
  StyledActions,
  StyledAdornment,
  StyledControl,
  StyledExternalLink,
  StyledRoot,
  StyledSearchInput,
  StyledSelectOnly,
  StyledValueText,
} from './dropdownStyles';
import { useDropdown } from './useDropdown';

export interface SingleSelectProps {
  options: DropdownOption[];
  value?: string | null;
  /** Label for a value that is not among the loaded options (e.g. a deal from another page). */
  selectedLabel?: string;
  onChange: (value: string | null, option?: DropdownOption) => void;
  placeholder?: string;
  /** Visible label and the accessible name; without it the placeholder names the control. */
  label?: ReactNode;
  hideLabel?: boolean;
  id?: string;
  required?: boolean;
  error?: ReactNode;
  helperText?: ReactNode;
  disabled?: boolean;
  /** Typing in the box filters: locally, or through onSearch when given. */
  searchable?: boolean;
  /** Called with the search text 600 ms after typing stops, and with '' when a search is reset. */
  onSearch?: (text: string) => void;
  /** First page or a new search is loading: the list shows 'Carregando...'. */
  loading?: boolean;
  hasMore?: boolean;
  /** A further page is loading: 'Carregando mais...' under the options. */
  loadingMore?: boolean;
  /** Called 200 ms after the list is scrolled within 50 px of its bottom (when hasMore). */
  onLoadMore?: () => void;
  emptyText?: string;
  /**
   * With a value, shows the choice as text with an 'Alterar' button; pressing it calls this and
   * opens the list to pick another option.
   */
  onChangeRequest?: () => void;
  /** With a value, shows 'Remover', which clears it (onChange(null)). */
  allowRemove?: boolean;
  /** With a value, shows an 'Abrir no CRM' link (new tab). */
  crmUrl?: string;
  className?: string;
}

const StyledSummary = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  min-height: ${({ theme }) => theme.sizes.control.md};
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[1]} ${theme.space[1]} ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.colors.borderSubtle};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const StyledSummaryText = styled.span`
  flex: 1 1 12rem;
  min-width: 0;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

const StyledActionsRow = styled(StyledActions)`
  margin-top: ${({ theme }) => theme.space[1]};
`;

/** Single-select dropdown of spec §2 (combobox + listbox). */
export function SingleSelect({
  options,
  value = null,
  selectedLabel,
  onChange,
  placeholder = 'Selecione uma opção',
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
  onChangeRequest,
  allowRemove = false,
  crmUrl,
  className,
}: SingleSelectProps) {
  const ids = useFieldIds(id, { helper: Boolean(helperText), error: Boolean(error) });
  const rootRef = useRef<HTMLDivElement | null>(null);
  const controlRef = useRef<HTMLElement | null>(null);
  const changeButtonRef = useRef<HTMLButtonElement | null>(null);
  const [editing, setEditing] = useState(false);
  // Focus to restore after a re-render swapped the combobox and the summary.
  const [focusTarget, setFocusTarget] = useState<'control' | 'change' | null>(null);

  const hasValue = value !== null && value !== '';
  const selectedOption = hasValue ? options.find((option) => option.value === value) : undefined;
  const selectedText = hasValue ? (selectedOption?.label ?? selectedLabel ?? value) : '';
  const summaryMode = hasValue && onChangeRequest !== undefined && !editing;

  const dropdown = useDropdown({
    options,
    searchable,
    onSearch,
    disabled,
    rootRef,
    isSelected: (option) => option.value === value,
    onChoose: (option) => {
      onChange(option.value, option);
      setFocusTarget(onChangeRequest ? 'change' : 'control');
    },
    closeOnChoose: true,
    onClosed: (reason) => {
      if (editing && reason === 'escape') setFocusTarget('change');
      setEditing(false);
    },
  });

  useEffect(() => {
    if (focusTarget === null) return;
    if (focusTarget === 'change' && changeButtonRef.current) changeButtonRef.current.focus();
    else controlRef.current?.focus();
    setFocusTarget(null);
  }, [focusTarget, summaryMode]);

  const startChange = () => {
    onChangeRequest?.();
    setEditing(true);
    dropdown.openList();
    setFocusTarget('control');
  };

  const remove = () => {
    onChange(null);
    setEditing(false);
    setFocusTarget('control');
  };

  const labelledBy = label !== undefined ? ids.labelId : undefined;
  const activeDescendant =
    dropdown.open && dropdown.activeIndex >= 0
      ? dropdown.optionId(dropdown.activeIndex)
      : undefined;
  const comboboxAria = {
    role: 'combobox',
    'aria-expanded': dropdown.open,
    'aria-controls': dropdown.open ? dropdown.listboxId : undefined,
    'aria-haspopup': 'listbox' as const,
    'aria-activedescendant': activeDescendant,
    'aria-labelledby': labelledBy,
    'aria-label': labelledBy ? undefined : placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': ids.describedBy,
  };

  const crmLink = crmUrl ? (
    <StyledExternalLink href={crmUrl} target="_blank" rel="noopener noreferrer">
      <Icon name="external" size={14} />
      Abrir no CRM
    </StyledExternalLink>
  ) : null;
  const removeButton = allowRemove ? (
    <Button variant="ghost" size="sm" icon="close" onClick={remove} disabled={disabled}>
      Remover
    </Button>
  ) : null;

  let body: ReactNode;
  if (summaryMode) {
    body = (
      <StyledSummary role="group" aria-labelledby={labelledBy}>
        <StyledSummaryText id={ids.inputId}>{selectedText}</StyledSummaryText>
        <StyledActions>
          <Button
            ref={changeButtonRef}
            variant="secondary"
            size="sm"
            icon="edit"
            onClick={startChange}
            disabled={disabled}
          >
            Alterar
          </Button>
          {removeButton}
          {crmLink}
        </StyledActions>
      </StyledSummary>
    );
  } else {
    const control = searchable ? (
      <StyledSearchInput
        {...comboboxAria}
        ref={(node) => {
          controlRef.current = node;
        }}
        id={ids.inputId}
        type="text"
        autoComplete="off"
        aria-autocomplete="list"
        value={dropdown.open ? dropdown.query : selectedText}
        placeholder={dropdown.open && hasValue ? selectedText : placeholder}
        disabled={disabled}
        onChange={(event) => dropdown.changeQuery(event.target.value)}
        onClick={() => {
          if (!dropdown.open) dropdown.openList();
        }}
        onKeyDown={dropdown.onKeyDown}
      />
    ) : (
      <StyledSelectOnly
        {...comboboxAria}
        ref={(node) => {
          controlRef.current = node;
        }}
        id={ids.inputId}
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled || undefined}
        onKeyDown={dropdown.onKeyDown}
      >
        <StyledValueText $placeholder={!hasValue}>
          {hasValue ? selectedText : placeholder}
        </StyledValueText>
      </StyledSelectOnly>
    );

    body = (
      <>
        <StyledControl
          $invalid={Boolean(error)}
          $open={dropdown.open}
          aria-disabled={disabled || undefined}
          onClick={(event) => dropdown.clickControl(event, controlRef.current)}
        >
          {searchable ? (
            <StyledAdornment>
              <Icon name="search" size={16} />
            </StyledAdornment>
          ) : null}
          {control}
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
            isSelected={(option) => option.value === value}
            onChoose={dropdown.choose}
            onActivate={dropdown.setActiveIndex}
            loading={loading}
            loadingMore={loadingMore}
            hasMore={hasMore}
            onLoadMore={onLoadMore}
            emptyText={emptyText}
          />
        ) : null}
      </>
    );
  }

  const showActionsRow = hasValue && !summaryMode && !editing && (removeButton || crmLink);

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
      onLabelClick={() => (summaryMode ? changeButtonRef.current : controlRef.current)?.focus()}
    >
      <StyledRoot ref={rootRef}>{body}</StyledRoot>
      {showActionsRow ? (
        <StyledActionsRow>
          {removeButton}
          {crmLink}
        </StyledActionsRow>
      ) : null}
    </FieldShell>
  );
}
