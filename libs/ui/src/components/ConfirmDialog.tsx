import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import { Button } from './Button';
import { Icon } from './Icon';

export type ConfirmDialogTone = 'primary' | 'danger';

/** A third way out, between cancel and confirm (e.g. 'Criar mesmo assim' next to 'Vincular'). */
export interface ConfirmDialogAlternative {
  label: string;
  /** A returned promise keeps the dialog busy until it settles, as `onConfirm` does. */
  onSelect: () => void | Promise<unknown>;
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: ConfirmDialogTone;
  /** Shows 'Processando...' on the confirm button and blocks every action. */
  loading?: boolean;
  /** A returned promise keeps the confirm button busy until it settles. */
  onConfirm: () => void | Promise<unknown>;
  /** Cancel button, Escape. */
  onCancel: () => void;
  /** A secondary button between cancel and confirm. */
  alternative?: ConfirmDialogAlternative;
  /** Extra content between the message and the buttons (e.g. a reason picker). */
  children?: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const popIn = keyframes`
  from { opacity: 0; transform: translateY(8px) scale(0.98); }
  to { opacity: 1; transform: none; }
`;

const StyledBackdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.dialog};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.overlay};
  animation: ${fadeIn} ${({ theme }) => theme.motion.normal};

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const StyledDialog = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.sizes.dialogWidth};
  max-height: calc(100vh - ${({ theme }) => theme.space[8]});
  overflow-y: auto;
  padding: ${({ theme }) => theme.space[6]};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.xl};
  animation: ${popIn} ${({ theme }) => theme.motion.normal};

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const StyledHeader = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledToneIcon = styled.span<{ $tone: ConfirmDialogTone }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 40px;
  height: 40px;
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme, $tone }) =>
    $tone === 'danger' ? theme.colors.dangerSubtle : theme.colors.primarySubtle};
  color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.dangerText : theme.colors.primaryText)};
`;

const StyledTexts = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
  padding-top: ${({ theme }) => theme.space[1]};
`;

const StyledTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  color: ${({ theme }) => theme.colors.text};
`;

const StyledMessage = styled.div`
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const StyledExtra = styled.div`
  margin-top: ${({ theme }) => theme.space[4]};
`;

const StyledFooter = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[6]};
`;

/**
 * In-panel confirmation (role="alertdialog"): focus moves in and is trapped, Escape cancels, and
 * focus returns to where it was when the dialog closes.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirmar',
  cancelLabel = 'Cancelar',
  tone = 'primary',
  loading = false,
  onConfirm,
  onCancel,
  alternative,
  children,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDivElement | null>(null);
  const extraRef = useRef<HTMLDivElement | null>(null);
  const cancelRef = useRef<HTMLButtonElement | null>(null);
  /** The button whose action is under way. */
  const [pending, setPending] = useState<'confirm' | 'alternative' | null>(null);
  const mountedRef = useRef(true);
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);
  const busy = loading || pending !== null;

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // First field of the extra content, else the least destructive action.
    const firstField = extraRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    (firstField ?? cancelRef.current)?.focus();

    const keepFocusInside = (event: FocusEvent) => {
      const dialog = dialogRef.current;
      if (dialog && event.target instanceof Node && !dialog.contains(event.target)) {
        cancelRef.current?.focus();
      }
    };
    document.addEventListener('focusin', keepFocusInside);
    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  if (!open) return null;

  const run = (which: 'confirm' | 'alternative', action: () => void | Promise<unknown>) => {
    if (busy) return;
    const result = action();
    if (result instanceof Promise) {
      setPending(which);
      const settle = () => {
        if (mountedRef.current) setPending(null);
      };
      result.then(settle, settle);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onCancel();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <StyledBackdrop>
      <StyledDialog
        ref={dialogRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onKeyDown={onKeyDown}
      >
        <StyledHeader>
          <StyledToneIcon $tone={tone} aria-hidden="true">
            <Icon name={tone === 'danger' ? 'warning' : 'info'} size={20} />
          </StyledToneIcon>
          <StyledTexts>
            <StyledTitle id={titleId}>{title}</StyledTitle>
            <StyledMessage id={messageId}>{message}</StyledMessage>
          </StyledTexts>
        </StyledHeader>
        {children ? <StyledExtra ref={extraRef}>{children}</StyledExtra> : null}
        <StyledFooter>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          {alternative ? (
            <Button
              variant="secondary"
              loading={pending === 'alternative'}
              disabled={busy}
              onClick={() => run('alternative', alternative.onSelect)}
            >
              {alternative.label}
            </Button>
          ) : null}
          <Button
            variant={tone === 'danger' ? 'danger' : 'primary'}
            loading={loading || pending === 'confirm'}
            disabled={pending === 'alternative'}
            onClick={() => run('confirm', onConfirm)}
          >
            {confirmLabel}
          </Button>
        </StyledFooter>
      </StyledDialog>
    </StyledBackdrop>,
    document.body,
  );
}
