import {
  type DropdownOption,
  SCROLL_LOAD_DELAY_MS,
  SCROLL_LOAD_THRESHOLD_PX,
} from '@crm-panel/crm-model';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Icon } from '@ui/components/Icon';
import { SpinnerCircle } from '@ui/components/SpinnerCircle';
import { DROPDOWN_TEXTS } from './dropdownTexts';

export interface DropdownPanelProps {
  listboxId: string;
  optionId: (index: number) => string;
  labelledBy?: string;
  ariaLabel?: string;
  options: DropdownOption[];
  activeIndex: number;
  isSelected: (option: DropdownOption) => boolean;
  multiselectable?: boolean;
  onChoose: (option: DropdownOption) => void;
  onActivate: (index: number) => void;
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  onLoadMore?: () => void;
  emptyText: string;
}

const StyledPopup = styled.div`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space[1]});
  left: 0;
  right: 0;
  z-index: ${({ theme }) => theme.zIndices.dropdown};
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.borderSubtle};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

const StyledScroll = styled.div`
  max-height: ${({ theme }) => theme.sizes.dropdownListMaxHeight};
  overflow-y: auto;
  overscroll-behavior: contain;
`;

const StyledList = styled.ul`
  margin: 0;
  padding: ${({ theme }) => theme.space[1]};
  list-style: none;

  &:empty {
    padding: 0;
  }
`;

const StyledOption = styled.li<{ $active: boolean; $selected: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme, $active }) => ($active ? theme.colors.surfaceHover : 'transparent')};
  color: ${({ theme, $selected }) => ($selected ? theme.colors.primaryText : theme.colors.text)};
  cursor: pointer;
  user-select: none;
`;

const StyledOptionText = styled.span`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-width: 0;
`;

const StyledOptionLabel = styled.span<{ $selected: boolean }>`
  font-weight: ${({ theme, $selected }) =>
    $selected ? theme.fontWeights.semibold : theme.fontWeights.regular};
  overflow-wrap: anywhere;
`;

const StyledOptionSubtitle = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const StyledCheck = styled.span<{ $visible: boolean }>`
  display: inline-flex;
  flex: none;
  width: 16px;
  visibility: ${({ $visible }) => ($visible ? 'visible' : 'hidden')};
`;

const StyledCheckbox = styled.span<{ $checked: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 16px;
  height: 16px;
  border: 1px solid
    ${({ theme, $checked }) => ($checked ? theme.colors.primary : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme, $checked }) => ($checked ? theme.colors.primary : theme.colors.surface)};
  color: ${({ theme }) => theme.colors.onPrimary};
`;

const StyledStatus = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[3]}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/**
 * The open list: options, the 'Carregando...' / empty / 'Carregando mais...' lines, and infinite
 * scroll (onLoadMore 200 ms after the list comes within 50 px of its bottom).
 */
export function DropdownPanel({
  listboxId,
  optionId,
  labelledBy,
  ariaLabel,
  options,
  activeIndex,
  isSelected,
  multiselectable = false,
  onChoose,
  onActivate,
  loading,
  loadingMore,
  hasMore,
  onLoadMore,
  emptyText,
}: DropdownPanelProps) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Set once a page was requested; cleared when the list or loadingMore changes, so one trip to
  // the bottom asks for one page.
  const requestedRef = useRef(false);
  const latestRef = useRef({ hasMore, loading, loadingMore, onLoadMore });

  useEffect(() => {
    latestRef.current = { hasMore, loading, loadingMore, onLoadMore };
  });

  useEffect(() => {
    requestedRef.current = false;
  }, [options.length, loadingMore]);

  useEffect(
    () => () => {
      if (timerRef.current !== null) clearTimeout(timerRef.current);
    },
    [],
  );

  const canLoad = () => {
    const state = latestRef.current;
    return Boolean(state.onLoadMore && state.hasMore && !state.loading && !state.loadingMore);
  };

  const checkScroll = () => {
    const element = scrollRef.current;
    if (!element || timerRef.current !== null || requestedRef.current || !canLoad()) return;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (distance > SCROLL_LOAD_THRESHOLD_PX) return;
    timerRef.current = setTimeout(() => {
      timerRef.current = null;
      if (requestedRef.current || !canLoad()) return;
      requestedRef.current = true;
      latestRef.current.onLoadMore?.();
    }, SCROLL_LOAD_DELAY_MS);
  };

  // A first page too short to scroll could never trigger loading; ask for the next page then.
  // (Only with real layout: a zero-height list has not been laid out.)
  useEffect(() => {
    const element = scrollRef.current;
    if (element && element.clientHeight > 0 && element.scrollHeight <= element.clientHeight) {
      checkScroll();
    }
  });

  useEffect(() => {
    if (activeIndex < 0) return;
    const element = document.getElementById(optionId(activeIndex));
    if (element && typeof element.scrollIntoView === 'function') {
      element.scrollIntoView({ block: 'nearest' });
    }
  }, [activeIndex, optionId]);

  const showOptions = !loading;

  return (
    <StyledPopup>
      <StyledScroll ref={scrollRef} onScroll={checkScroll}>
        <StyledList
          role="listbox"
          id={listboxId}
          aria-labelledby={labelledBy}
          aria-label={labelledBy ? undefined : ariaLabel}
          aria-multiselectable={multiselectable || undefined}
          aria-busy={loading || loadingMore || undefined}
        >
          {showOptions
            ? options.map((option, index) => {
                const selected = isSelected(option);
                const active = index === activeIndex;
                return (
                  <StyledOption
                    key={option.value}
                    id={optionId(index)}
                    role="option"
                    aria-selected={selected}
                    $active={active}
                    $selected={selected}
                    // Keep focus in the combobox; the choice happens on click.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => {
                      if (!active) onActivate(index);
                    }}
                    onClick={() => onChoose(option)}
                  >
                    {multiselectable ? (
                      <StyledCheckbox $checked={selected} aria-hidden="true">
                        {selected ? <Icon name="check" size={12} /> : null}
                      </StyledCheckbox>
                    ) : null}
                    <StyledOptionText>
                      <StyledOptionLabel $selected={selected}>{option.label}</StyledOptionLabel>
                      {option.subtitle ? (
                        <StyledOptionSubtitle>{option.subtitle}</StyledOptionSubtitle>
                      ) : null}
                    </StyledOptionText>
                    {multiselectable ? null : (
                      <StyledCheck $visible={selected} aria-hidden="true">
                        <Icon name="check" size={16} />
                      </StyledCheck>
                    )}
                  </StyledOption>
                );
              })
            : null}
        </StyledList>
        <div role="status" aria-live="polite">
          {loading ? (
            <StyledStatus>
              <SpinnerCircle size={14} />
              {DROPDOWN_TEXTS.loading}
            </StyledStatus>
          ) : options.length === 0 ? (
            <StyledStatus>{emptyText}</StyledStatus>
          ) : loadingMore ? (
            <StyledStatus>
              <SpinnerCircle size={14} />
              {DROPDOWN_TEXTS.loadingMore}
            </StyledStatus>
          ) : null}
        </div>
      </StyledScroll>
    </StyledPopup>
  );
}
