import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { useOutsideClick } from '@ui/hooks/useOutsideClick';
import { focusRing } from '@ui/theme/mixins';
import { Icon, type IconName } from './Icon';

export interface DropdownMenuItem {
  id: string;
  label: string;
}

export interface DropdownMenuProps {
  items: DropdownMenuItem[];
  /** The checked item (menuitemradio). */
  selectedId?: string;
  onSelect: (id: string) => void;
  /** Button content; defaults to the selected item's label. */
  label?: ReactNode;
  icon?: IconName;
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end';
  disabled?: boolean;
  className?: string;
}

const StyledRoot = styled.div`
  position: relative;
  display: inline-flex;
`;

const StyledTrigger = styled.button<{ $open: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: ${({ theme }) => theme.sizes.control.sm};
  padding: 0 ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme, $open }) => ($open ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.neutralText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  box-shadow: ${({ theme }) => theme.shadows.xs};
  cursor: pointer;
  white-space: nowrap;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }

  ${focusRing}
`;

const StyledChevron = styled.span<{ $open: boolean }>`
  display: inline-flex;
  color: ${({ theme }) => theme.colors.textMuted};
  transition: transform ${({ theme }) => theme.motion.fast};
  transform: ${({ $open }) => ($open ? 'rotate(180deg)' : 'none')};
`;

const StyledMenu = styled.div<{ $align: 'start' | 'end' }>`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space[1]});
  ${({ $align }) => ($align === 'end' ? 'right: 0;' : 'left: 0;')}
  z-index: ${({ theme }) => theme.zIndices.dropdown};
  min-width: 100%;
  padding: ${({ theme }) => theme.space[1]};
  border: 1px solid ${({ theme }) => theme.colors.borderSubtle};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

const StyledItem = styled.button<{ $checked: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  width: 100%;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme, $checked }) => ($checked ? theme.colors.primaryText : theme.colors.text)};
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme, $checked }) =>
    $checked ? theme.fontWeights.semibold : theme.fontWeights.regular};
  text-align: left;
  white-space: nowrap;
  cursor: pointer;

  &:hover,
  &:focus {
    outline: none;
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

const StyledCheck = styled.span<{ $visible: boolean }>`
  display: inline-flex;
  width: 16px;
  visibility: ${({ $visible }) => ($visible ? 'visible' : 'hidden')};
`;

/** A button opening a menu of exclusive choices (menu + menuitemradio), e.g. a list filter. */
export function DropdownMenu({
  items,
  selectedId,
  onSelect,
  label,
  icon = 'filter',
  align = 'start',
  disabled = false,
  className,
}: DropdownMenuProps) {
  const baseId = useId();
  const buttonId = `${baseId}-button`;
  const menuId = `${baseId}-menu`;
  const rootRef = useRef<HTMLDivElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);

  const selectedIndex = items.findIndex((item) => item.id === selectedId);
  const buttonLabel = label ?? items[selectedIndex]?.label;

  useOutsideClick(rootRef, open, () => setOpen(false));

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  const openAt = (index: number) => {
    if (disabled || items.length === 0) return;
    setFocusIndex(Math.min(Math.max(index, 0), items.length - 1));
    setOpen(true);
  };

  const closeToButton = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Enter and Space reach onClick as a native button click.
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(selectedIndex >= 0 ? selectedIndex : 0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const count = items.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setFocusIndex((index) => (index + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setFocusIndex((index) => (index - 1 + count) % count);
        break;
      case 'Home':
        event.preventDefault();
        setFocusIndex(0);
        break;
      case 'End':
        event.preventDefault();
        setFocusIndex(count - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        closeToButton();
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
        break;
    }
  };

  const choose = (id: string) => {
    if (id !== selectedId) onSelect(id);
    closeToButton();
  };

  return (
    <StyledRoot ref={rootRef} className={className}>
      <StyledTrigger
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        $open={open}
        onClick={() => (open ? setOpen(false) : openAt(selectedIndex >= 0 ? selectedIndex : 0))}
        onKeyDown={onButtonKeyDown}
      >
        <Icon name={icon} size={14} />
        {buttonLabel}
        <StyledChevron $open={open}>
          <Icon name="chevronDown" size={14} />
        </StyledChevron>
      </StyledTrigger>
      {open ? (
        <StyledMenu
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          $align={align}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => {
            const checked = item.id === selectedId;
            return (
              <StyledItem
                key={item.id}
                ref={(node) => {
                  itemRefs.current[index] = node;
                }}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={index === focusIndex ? 0 : -1}
                $checked={checked}
                onClick={() => choose(item.id)}
                onMouseEnter={() => setFocusIndex(index)}
              >
                <StyledCheck $visible={checked} aria-hidden="true">
                  <Icon name="check" size={16} />
                </StyledCheck>
                {item.label}
              </StyledItem>
            );
          })}
        </StyledMenu>
      ) : null}
    </StyledRoot>
  );
}
