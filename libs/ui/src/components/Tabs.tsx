import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { focusRing } from '@ui/theme/mixins';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: TabItem[];
  /** Controlled active tab. */
  activeId?: string;
  /** Initial tab when uncontrolled; defaults to the first enabled tab. */
  defaultActiveId?: string;
  onChange?: (id: string) => void;
  /** Keep inactive panels mounted (hidden) so their state survives tab switches. */
  keepMounted?: boolean;
  /** Accessible name of the tab strip. */
  label?: string;
  className?: string;
}

const StyledTabs = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const StyledList = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
  border-bottom: 1px solid ${({ theme }) => theme.colors.borderSubtle};
  overflow-x: auto;
  scrollbar-width: thin;
`;

// Tabs shrink to their longest word and wrap their label ('Produtos e / Serviços') before the
// strip would scroll: a host's drawer can be 320 px wide, a vertical scrollbar included.
const StyledTab = styled.button<{ $active: boolean }>`
  position: relative;
  flex: 0 1 auto;
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[2]}`};
  border: 0;
  border-radius: ${({ theme }) => `${theme.radii.sm} ${theme.radii.sm} 0 0`};
  background: transparent;
  color: ${({ theme, $active }) => ($active ? theme.colors.primaryText : theme.colors.textSecondary)};
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme, $active }) =>
    $active ? theme.fontWeights.semibold : theme.fontWeights.medium};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  text-align: center;
  cursor: pointer;
  transition: color ${({ theme }) => theme.motion.fast};

  &::after {
    content: '';
    position: absolute;
    left: ${({ theme }) => theme.space[2]};
    right: ${({ theme }) => theme.space[2]};
    bottom: -1px;
    height: 2px;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme, $active }) => ($active ? theme.colors.primary : 'transparent')};
    transition: background-color ${({ theme }) => theme.motion.fast};
  }

  &:hover:not(:disabled) {
    color: ${({ theme, $active }) => ($active ? theme.colors.primaryText : theme.colors.text)};
  }

  &:disabled {
    color: ${({ theme }) => theme.colors.textDisabled};
    cursor: not-allowed;
  }

  ${focusRing}
`;

const StyledPanel = styled.div`
  padding-top: ${({ theme }) => theme.space[4]};
  min-width: 0;

  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.shadows.focus};
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;

/** Tab strip with panels (WAI-ARIA tabs, automatic activation). */
export function Tabs({
  tabs,
  activeId,
  defaultActiveId,
  onChange,
  keepMounted = false,
  label,
  className,
}: TabsProps) {
  const baseId = useId();
  const firstEnabled = tabs.find((tab) => !tab.disabled)?.id;
  const [internalId, setInternalId] = useState(defaultActiveId ?? firstEnabled);
  const requested = activeId ?? internalId;
  const currentId = tabs.some((tab) => tab.id === requested) ? requested : firstEnabled;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const tabDomId = (id: string) => `${baseId}-tab-${id}`;
  const panelDomId = (id: string) => `${baseId}-panel-${id}`;

  const select = (id: string) => {
    if (activeId === undefined) setInternalId(id);
    if (id !== currentId) onChange?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = tabs.filter((tab) => !tab.disabled);
    if (enabled.length === 0) return;
    const index = enabled.findIndex((tab) => tab.id === currentId);
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = (index + 1) % enabled.length;
        break;
      case 'ArrowLeft':
        next = (index - 1 + enabled.length) % enabled.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = enabled.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const target = enabled[next];
    if (!target) return;
    select(target.id);
    tabRefs.current.get(target.id)?.focus();
  };

  return (
    <StyledTabs className={className}>
      <StyledList role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const active = tab.id === currentId;
          return (
            <StyledTab
              key={tab.id}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.id, node);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabDomId(tab.id)}
              aria-selected={active}
              aria-controls={active || keepMounted ? panelDomId(tab.id) : undefined}
              tabIndex={active ? 0 : -1}
              disabled={tab.disabled}
              $active={active}
              onClick={() => select(tab.id)}
            >
              {tab.label}
            </StyledTab>
          );
        })}
      </StyledList>
      {tabs.map((tab) => {
        const active = tab.id === currentId;
        if (!active && !keepMounted) return null;
        return (
          <StyledPanel
            key={tab.id}
            role="tabpanel"
            id={panelDomId(tab.id)}
            aria-labelledby={tabDomId(tab.id)}
            tabIndex={0}
            hidden={!active}
          >
            {tab.content}
          </StyledPanel>
        );
      })}
    </StyledTabs>
  );
}
