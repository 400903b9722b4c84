import { DROPDOWN_SEARCH_DEBOUNCE_MS, type DropdownOption } from '@crm-panel/crm-model';
import {
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useDebouncedCallback } from '@ui/hooks/useDebouncedCallback';
import { useOutsideClick } from '@ui/hooks/useOutsideClick';
import { type SelectFieldProps } from './selectFieldProps';
import { filterOptions } from './filterOptions';

export interface UseDropdownArgs {
  /** The select's props: its options, whether it searches (locally or through onSearch), disabled. */
  field: SelectFieldProps;
  rootRef: RefObject<HTMLElement | null>;
  isSelected: (option: DropdownOption) => boolean;
  onChoose: (option: DropdownOption) => void;
  /** Single select closes after a choice; multi select stays open. */
  closeOnChoose: boolean;
  onClosed?: (reason: DropdownCloseReason) => void;
}

export type DropdownCloseReason = 'choose' | 'escape' | 'outside' | 'tab' | 'toggle';

export interface DropdownState {
  open: boolean;
  query: string;
  visibleOptions: DropdownOption[];
  activeIndex: number;
  listboxId: string;
  optionId: (index: number) => string;
  openList: (activeIndex?: number) => void;
  close: (reason: DropdownCloseReason) => void;
  toggle: () => void;
  clickControl: (event: MouseEvent, control: HTMLElement | null) => void;
  changeQuery: (text: string) => void;
  setActiveIndex: (index: number) => void;
  choose: (option: DropdownOption) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * Open state, search text (sent to `onSearch` 600 ms after typing stops), active option and
 * keyboard handling of the combobox/listbox pattern shared by SingleSelect and MultiSelect.
 */
export function useDropdown({
  field: { options, searchable = false, onSearch, disabled = false },
  rootRef,
  isSelected,
  onChoose,
  closeOnChoose,
  onClosed,
}: UseDropdownArgs): DropdownState {
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [rawActiveIndex, setActiveIndex] = useState(-1);
  // What the parent last received, so closing only resets a search that actually went out.
  const lastSentRef = useRef('');

  const search = useDebouncedCallback((text: string) => {
    lastSentRef.current = text;
    onSearch?.(text);
  }, DROPDOWN_SEARCH_DEBOUNCE_MS);

  // With onSearch the parent filters (server side); otherwise filter what we have.
  const visibleOptions = useMemo(
    () => (searchable && !onSearch ? filterOptions(options, query) : options),
    [options, query, searchable, onSearch],
  );
  const count = visibleOptions.length;
  const activeIndex = rawActiveIndex < count ? rawActiveIndex : -1;
  const selectedIndex = visibleOptions.findIndex(isSelected);

  const openList = (index?: number) => {
    if (disabled) return;
    setOpen(true);
    setActiveIndex(index ?? selectedIndex);
  };

  const close = (reason: DropdownCloseReason) => {
    setOpen(false);
    setActiveIndex(-1);
    search.cancel();
    if (query !== '') setQuery('');
    if (onSearch && lastSentRef.current !== '') {
      lastSentRef.current = '';
      onSearch('');
    }
    onClosed?.(reason);
  };

  const toggle = () => (open ? close('toggle') : openList());

  /**
   * A click anywhere on the control: a searchable select focuses its search box and opens; a
   * plain one focuses the control and toggles.
   */
  const clickControl = (event: MouseEvent, control: HTMLElement | null) => {
    if (searchable) {
      if (event.target !== control) control?.focus();
      if (!open) openList();
    } else {
      control?.focus();
      toggle();
    }
  };

  const changeQuery = (text: string) => {
    if (disabled) return;
    setQuery(text);
    setOpen(true);
    setActiveIndex(0);
    if (onSearch) search.run(text);
  };

  const choose = (option: DropdownOption) => {
    onChoose(option);
    if (closeOnChoose) close('choose');
  };

  useOutsideClick(rootRef, open, () => close('outside'));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (disabled) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList(selectedIndex >= 0 ? selectedIndex : 0);
        else if (count > 0) setActiveIndex(Math.min(activeIndex + 1, count - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList(selectedIndex >= 0 ? selectedIndex : count - 1);
        else if (count > 0) setActiveIndex(Math.max(activeIndex - 1, 0));
        break;
      case 'Home':
      case 'End': {
        // In a text box these keys move the caret.
        if (searchable) return;
        event.preventDefault();
        const target = event.key === 'Home' ? 0 : count - 1;
        if (open) setActiveIndex(target);
        else openList(target);
        break;
      }
      case 'Enter': {
        if (open) {
          event.preventDefault();
          const option = visibleOptions[activeIndex];
          if (option) choose(option);
        } else if (!searchable) {
          event.preventDefault();
          openList();
        }
        break;
      }
      case ' ': {
        if (searchable) return;
        event.preventDefault();
        const option = visibleOptions[activeIndex];
        if (open && option) choose(option);
        else if (!open) openList();
        break;
      }
      case 'Escape':
        if (open) {
          // Keep an enclosing dialog from closing too.
          event.preventDefault();
          event.stopPropagation();
          close('escape');
        }
        break;
      case 'Tab':
        if (open) close('tab');
        break;
      default:
        break;
    }
  };

  return {
    open,
    query,
    visibleOptions,
    activeIndex,
    listboxId,
    optionId: (index: number) => `${baseId}-option-${index}`,
    openList,
    close,
    toggle,
    clickControl,
    changeQuery,
    setActiveIndex,
    choose,
    onKeyDown,
  };
}
