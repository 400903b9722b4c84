import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

export interface SpinnerCircleProps {
  /** Diameter in px. */
  size?: number;
  className?: string;
}

const StyledCircle = styled.span<{ $size: number }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: ${({ theme }) => theme.radii.round};
  border: ${({ $size }) => Math.max(2, Math.round($size / 10))}px solid currentColor;
  border-right-color: transparent;
  opacity: 0.9;
  animation: ${spin} 0.7s linear infinite;

  @media (prefers-reduced-motion: reduce) {
    animation-duration: 1.6s;
  }
`;

/** The rotating ring; decorative, the caller supplies the accessible status text. */
export function SpinnerCircle({ size = 16, className }: SpinnerCircleProps) {
  return <StyledCircle className={className} $size={size} aria-hidden="true" />;
}
