import {
  type ButtonHTMLAttributes,
  type MouseEvent,
  type Ref,
  useEffect,
  useRef,
  useState,
} from 'react';
import styled, { css } from 'styled-components';
import { focusRing } from '@ui/theme/mixins';
import { Icon, type IconName } from './Icon';
import { SpinnerCircle } from './SpinnerCircle';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows 'Processando...', disables the button and ignores clicks. */
  loading?: boolean;
  fullWidth?: boolean;
  /** Leading icon. */
  icon?: IconName;
  /**
   * When this returns a promise the button stays in its loading state until it settles, so a
   * double click cannot fire the action twice. A rejection also ends the loading state; report
   * the error from inside onClick.
   */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void | Promise<unknown>;
  ref?: Ref<HTMLButtonElement>;
}

const variantStyles = {
  primary: css`
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: ${({ theme }) => theme.shadows.xs};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.primaryHover};
      border-color: ${({ theme }) => theme.colors.primaryHover};
    }
    &:active:not(:disabled) {
      background: ${({ theme }) => theme.colors.primaryActive};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.neutralText};
    border-color: ${({ theme }) => theme.colors.border};
    box-shadow: ${({ theme }) => theme.shadows.xs};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.surfaceHover};
      color: ${({ theme }) => theme.colors.text};
    }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.onDanger};
    border-color: ${({ theme }) => theme.colors.danger};
    box-shadow: ${({ theme }) => theme.shadows.xs};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.dangerHover};
      border-color: ${({ theme }) => theme.colors.dangerHover};
    }
    &:active:not(:disabled) {
      background: ${({ theme }) => theme.colors.dangerActive};
    }
    &:focus-visible {
      box-shadow: ${({ theme }) => theme.shadows.dangerFocus};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.textSecondary};
    border-color: transparent;
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.surfaceHover};
      color: ${({ theme }) => theme.colors.text};
    }
  `,
} as const;

const StyledButton = styled.button<{
  $variant: ButtonVariant;
  $size: ButtonSize;
  $fullWidth: boolean;
  $busy: boolean;
}>`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  min-height: ${({ theme, $size }) => theme.sizes.control[$size]};
  max-width: 100%;
  padding: ${({ theme }) => theme.space[1]}
    ${({ theme, $size }) =>
      $size === 'sm' ? theme.space[3] : $size === 'lg' ? theme.space[5] : theme.space[4]};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme, $size }) => ($size === 'sm' ? theme.fontSizes.sm : theme.fontSizes.md)};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  /* A long label wraps in a narrow panel rather than sticking out of it. */
  text-align: center;
  overflow-wrap: anywhere;
  cursor: pointer;
  user-select: none;
  transition:
    background-color ${({ theme }) => theme.motion.fast},
    border-color ${({ theme }) => theme.motion.fast},
    color ${({ theme }) => theme.motion.fast},
    box-shadow ${({ theme }) => theme.motion.fast};

  ${focusRing}
  ${({ $variant }) => variantStyles[$variant]}

  &:disabled {
    cursor: ${({ $busy }) => ($busy ? 'progress' : 'not-allowed')};
    opacity: ${({ $busy }) => ($busy ? 0.85 : 0.5)};
    box-shadow: none;
  }
`;

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  fullWidth = false,
  icon,
  type = 'button',
  disabled,
  onClick,
  children,
  ref,
  ...rest
}: ButtonProps) {
  const [pending, setPending] = useState(false);
  // A ref, not only state: two clicks dispatched before React re-renders must still see "busy".
  const pendingRef = useRef(false);
  const mountedRef = useRef(true);
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);

  const busy = loading || pending;

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy || pendingRef.current) {
      event.preventDefault();
      return;
    }
    const result = onClick?.(event);
    if (result instanceof Promise) {
      pendingRef.current = true;
      setPending(true);
      const settle = () => {
        pendingRef.current = false;
        if (mountedRef.current) setPending(false);
      };
      result.then(settle, settle);
    }
  };

  return (
    <StyledButton
      ref={ref}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      onClick={handleClick}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      $busy={busy}
      {...rest}
    >
      {busy ? (
        <>
          <SpinnerCircle size={size === 'sm' ? 12 : 14} />
          Processando...
        </>
      ) : (
        <>
          {icon ? <Icon name={icon} size={size === 'sm' ? 14 : 16} /> : null}
          {children}
        </>
      )}
    </StyledButton>
  );
}
