import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { ConfirmDialog } from '@ui/components/ConfirmDialog';
import { type Theme } from '@ui/theme/theme';
import { ModalPageDirtyContext } from './modalPageDirty';

/** What Escape asks when something was typed (the form's own 'Cancelar' keeps closing at once). */
export const DISCARD_TEXTS = {
  title: 'Descartar alterações?',
  message: 'O que você preencheu neste formulário será perdido.',
  confirm: 'Descartar',
  cancel: 'Continuar editando',
} as const;

export type ModalPageWidth = keyof Theme['sizes']['content'];

export interface ModalPageProps {
  /** The page's one heading, e.g. 'Criar Tarefa'. */
  title: ReactNode;
  /** A line under the title, e.g. 'Negociação: Contrato anual'. */
  subtitle?: ReactNode;
  /** The content column's widest size: a form (560 px, the default) or a wide form (720 px). */
  width?: ModalPageWidth;
  /** The heading's id, for a form named by it (`aria-labelledby`). */
  titleId?: string;
  /** Loading what the page shows (e.g. the item being edited): announced as busy. */
  busy?: boolean;
  /**
   * Ends the page as its 'Cancelar' does (the host forms' cancel). Given, Escape pressed anywhere
   * in the page calls it; when a form inside has something typed, it asks first. A control that
   * handles Escape itself (an open list, a dialog) keeps it.
   */
  onClose?: () => unknown;
  children: ReactNode;
}

const StyledPage = styled.main<{ $width: ModalPageWidth }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  width: 100%;
  max-width: ${({ theme, $width }) => theme.sizes.content[$width]};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[4]};
  box-sizing: border-box;
`;

const StyledHeader = styled.header`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
`;

const StyledTitle = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

const StyledSubtitle = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.textSecondary};
  overflow-wrap: anywhere;
`;

/**
 * The frame of every page a host modal shows (the forms of the remotes): one heading, an optional
 * line under it and the content, in a centred column of a theme width.
 */
export function ModalPage({
  title,
  subtitle,
  width = 'form',
  titleId,
  busy,
  onClose,
  children,
}: ModalPageProps) {
  const dirtyForms = useRef(new Set<string>());
  const [asking, setAsking] = useState(false);
  const reportDirty = useCallback((key: string, dirty: boolean) => {
    if (dirty) dirtyForms.current.add(key);
    else dirtyForms.current.delete(key);
  }, []);

  useEffect(() => {
    if (!onClose || asking) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      event.preventDefault();
      if (dirtyForms.current.size > 0) setAsking(true);
      else void onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose, asking]);

  return (
    <ModalPageDirtyContext.Provider value={reportDirty}>
      <StyledPage $width={width} aria-busy={busy || undefined}>
        <StyledHeader>
          <StyledTitle id={titleId}>{title}</StyledTitle>
          {subtitle ? <StyledSubtitle>{subtitle}</StyledSubtitle> : null}
        </StyledHeader>
        {children}
      </StyledPage>
      {onClose ? (
        <ConfirmDialog
          open={asking}
          title={DISCARD_TEXTS.title}
          message={DISCARD_TEXTS.message}
          confirmLabel={DISCARD_TEXTS.confirm}
          cancelLabel={DISCARD_TEXTS.cancel}
          tone="danger"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void onClose();
          }}
        />
      ) : null}
    </ModalPageDirtyContext.Provider>
  );
}
