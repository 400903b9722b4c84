import { type ReactNode } from 'react';
import styled from 'styled-components';
import { type Theme } from '@ui/theme/theme';

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
  children,
}: ModalPageProps) {
  return (
    <StyledPage $width={width} aria-busy={busy || undefined}>
      <StyledHeader>
        <StyledTitle id={titleId}>{title}</StyledTitle>
        {subtitle ? <StyledSubtitle>{subtitle}</StyledSubtitle> : null}
      </StyledHeader>
      {children}
    </StyledPage>
  );
}
