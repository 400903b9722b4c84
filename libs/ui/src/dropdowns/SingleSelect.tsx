import { type DropdownOption } from '@crm-panel/crm-model';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@ui/components/Button';
import { Icon } from '@ui/components/Icon';
import { Combobox, SelectFieldShell, type SelectFieldProps, useSelectField } from './Combobox';
import { StyledActions, StyledExternalLink, StyledRoot } from './dropdownStyles';
import { DROPDOWN_TEXTS, VALUE_NOT_FOUND } from './dropdownTexts';
import { useDropdown } from './useDropdown';

export interface SingleSelectProps extends SelectFieldProps {
  value?: string | null;
  /** Label for a value that is not among the loaded options (e.g. a deal from another page). */
  selectedLabel?: string;
  onChange: (value: string | null, option?: DropdownOption) => void;
  /**
   * With a value, shows the choice as text with an 'Alterar' button; pressing it calls this with
   * true and opens the list to pick another option. The list closing (a choice, Escape, a click
   * outside) calls it with false: what feeds the list is wanted only while it may be looked at.
   */
  onChangeRequest?: (changing: boolean) => void;
  /** With a value, shows 'Remover', which clears it (onChange(null)). */
  allowRemove?: boolean;
  /** With a value, shows an 'Abrir no CRM' link (new tab). */
  crmUrl?: string;
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

/** Single-select dropdown of PRODUCT.md §2 (combobox + listbox). */
export function SingleSelect(props: SingleSelectProps) {
  const {
    options,
    value = null,
    selectedLabel,
    onChange,
    placeholder = DROPDOWN_TEXTS.placeholder,
    disabled = false,
    onChangeRequest,
    allowRemove = false,
    crmUrl,
    loading = false,
  } = props;

  const select = useSelectField(props);
  const { ids, rootRef, controlRef, labelledBy } = select;
  const changeButtonRef = useRef<HTMLButtonElement | null>(null);
  const [editing, setEditing] = useState(false);
  // Focus to restore after a re-render swapped the combobox and the summary.
  const [focusTarget, setFocusTarget] = useState<'control' | 'change' | null>(null);

  const hasValue = value !== null && value !== '';
  const knownLabel = hasValue
    ? (options.find((option) => option.value === value)?.label ?? selectedLabel)
    : undefined;
  // A value without a name never shows its raw id: while its options load it says so, and once
  // they have loaded without it, that it is not found.
  const nameUnknown = hasValue && knownLabel === undefined;
  const unknownText = loading ? DROPDOWN_TEXTS.loading : VALUE_NOT_FOUND;
  const selectedText = knownLabel ?? (hasValue ? unknownText : placeholder);
  const summaryMode = hasValue && onChangeRequest !== undefined && !editing;

  const dropdown = useDropdown({
    field: props,
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
      onChangeRequest?.(false);
    },
  });

  useEffect(() => {
    if (focusTarget === null) return;
    if (focusTarget === 'change' && changeButtonRef.current) changeButtonRef.current.focus();
    else controlRef.current?.focus();
    setFocusTarget(null);
  }, [focusTarget, summaryMode, controlRef]);

  const startChange = () => {
    onChangeRequest?.(true);
    setEditing(true);
    dropdown.openList();
    setFocusTarget('control');
  };

  const remove = () => {
    onChange(null);
    setEditing(false);
    setFocusTarget('control');
  };

  const crmLink = crmUrl ? (
    <StyledExternalLink href={crmUrl}>
      <Icon name="external" size={14} />
      {DROPDOWN_TEXTS.openInCrm}
    </StyledExternalLink>
  ) : null;
  const removeButton = allowRemove ? (
    <Button variant="ghost" size="sm" icon="close" onClick={remove} disabled={disabled}>
      {DROPDOWN_TEXTS.remove}
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
            {DROPDOWN_TEXTS.change}
          </Button>
          {removeButton}
          {crmLink}
        </StyledActions>
      </StyledSummary>
    );
  } else {
    body = (
      <Combobox
        field={props}
        placeholder={placeholder}
        select={select}
        dropdown={dropdown}
        inputValue={dropdown.open ? dropdown.query : (knownLabel ?? '')}
        inputPlaceholder={dropdown.open || nameUnknown ? selectedText : placeholder}
        displayText={selectedText}
        displayIsPlaceholder={knownLabel === undefined}
        isSelected={(option) => option.value === value}
        onKeyDown={dropdown.onKeyDown}
        onInputClick={() => {
          if (!dropdown.open) dropdown.openList();
        }}
      />
    );
  }

  const showActionsRow = hasValue && !summaryMode && !editing && (removeButton || crmLink);

  return (
    <SelectFieldShell
      field={props}
      ids={ids}
      onLabelClick={() => (summaryMode ? changeButtonRef.current : controlRef.current)?.focus()}
    >
      <StyledRoot ref={rootRef}>{body}</StyledRoot>
      {showActionsRow ? (
        <StyledActionsRow>
          {removeButton}
          {crmLink}
        </StyledActionsRow>
      ) : null}
    </SelectFieldShell>
  );
}
