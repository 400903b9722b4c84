import styled, { css } from 'styled-components';
import { SpinnerCircle } from './SpinnerCircle';
import { VisuallyHidden } from './VisuallyHidden';

export type SpinnerVariant = 'inline' | 'overlay' | 'fullscreen';

export interface SpinnerProps {
  variant?: SpinnerVariant;
  /** Shown next to the ring and announced; without it 'Carregando...' is announced only. */
  message?: string;
  className?: string;
}

const StyledSpinner = styled.div<{ $variant: SpinnerVariant }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.md};

  ${({ $variant, theme }) => {
    switch ($variant) {
      case 'overlay':
        // The parent must be a positioned element (position: relative).
        return css`
          position: absolute;
          inset: 0;
          z-index: ${theme.zIndices.overlay};
          flex-direction: column;
          justify-content: center;
          background: ${theme.colors.overlaySurface};
          backdrop-filter: blur(1px);
          border-radius: inherit;
        `;
      case 'fullscreen':
        return css`
          position: fixed;
          inset: 0;
          z-index: ${theme.zIndices.fullscreen};
          flex-direction: column;
          justify-content: center;
          gap: ${theme.space[3]};
          background: ${theme.colors.background};
          font-size: ${theme.fontSizes.lg};
        `;
      default:
        return css`
          display: inline-flex;
        `;
    }
  }}
`;

const StyledRing = styled.span`
  display: inline-flex;
  color: ${({ theme }) => theme.colors.primary};
`;

const SIZES: Record<SpinnerVariant, number> = { inline: 16, overlay: 28, fullscreen: 36 };

export function Spinner({ variant = 'inline', message, className }: SpinnerProps) {
  return (
    <StyledSpinner role="status" aria-live="polite" $variant={variant} className={className}>
      <StyledRing>
        <SpinnerCircle size={SIZES[variant]} />
      </StyledRing>
      {message ? <span>{message}</span> : <VisuallyHidden>Carregando...</VisuallyHidden>}
    </StyledSpinner>
  );
}
