import { type ButtonHTMLAttributes, type Ref } from 'react';
import styled, { css } from 'styled-components';
import { focusRing } from '@ui/theme/mixins';
import { Icon, type IconName } from './Icon';
import { SpinnerCircle } from './SpinnerCircle';

export type IconButtonVariant = 'ghost' | 'secondary' | 'danger';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Accessible name, also shown as the tooltip. */
  label: string;
  icon: IconName;
  variant?: IconButtonVariant;
  size?: 'sm' | 'md';
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

const StyledIconButton = styled.button<{ $variant: IconButtonVariant; $size: 'sm' | 'md' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${({ theme, $size }) => theme.sizes.control[$size]};
  height: ${({ theme, $size }) => theme.sizes.control[$size]};
  padding: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid transparent;
  background: transparent;
  color: ${({ theme }) => theme.colors.textSecondary};
  cursor: pointer;
  transition:
    background-color ${({ theme }) => theme.motion.fast},
    color ${({ theme }) => theme.motion.fast};

  ${focusRing}

  ${({ $variant, theme }) =>
    $variant === 'secondary'
      ? css`
          background: ${theme.colors.surface};
          border-color: ${theme.colors.border};
          box-shadow: ${theme.shadows.xs};
        `
      : null}

  &:hover:not(:disabled) {
    background: ${({ theme, $variant }) =>
      $variant === 'danger' ? theme.colors.dangerSubtle : theme.colors.surfaceHover};
    color: ${({ theme, $variant }) =>
      $variant === 'danger' ? theme.colors.dangerText : theme.colors.text};
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

/** Square button with only an icon; `label` is its accessible name. */
export function IconButton({
  label,
  icon,
  variant = 'ghost',
  size = 'md',
  loading = false,
  type = 'button',
  disabled,
  title,
  ref,
  ...rest
}: IconButtonProps) {
  return (
    <StyledIconButton
      ref={ref}
      type={type}
      aria-label={label}
      title={title ?? label}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      $variant={variant}
      $size={size}
      {...rest}
    >
      {loading ? <SpinnerCircle size={14} /> : <Icon name={icon} size={size === 'sm' ? 14 : 16} />}
    </StyledIconButton>
  );
}
