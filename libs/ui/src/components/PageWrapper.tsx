import { type HTMLAttributes, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';

export interface PageWrapperProps extends HTMLAttributes<HTMLDivElement> {
  children?: ReactNode;
}

const slideFadeIn = keyframes`
  from {
    opacity: 0;
    transform: translateY(8px);
  }
  to {
    opacity: 1;
    transform: none;
  }
`;

// No fill-mode: once the animation ends no transform remains, so fixed-position descendants
// (overlays, dialogs) are positioned against the viewport again.
const StyledPage = styled.div`
  width: ${({ theme }) => theme.layout.pageWidth};
  max-width: ${({ theme }) => theme.layout.pageMaxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[4]} 0 ${theme.space[6]}`};
  animation: ${slideFadeIn}
    ${({ theme }) => `${theme.motion.pageSeconds}s ${theme.motion.pageEasing}`};

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** Page frame: 90% wide, at most 1400px, centred, sliding and fading in over 0.16 s. */
export function PageWrapper({ children, ...rest }: PageWrapperProps) {
  return <StyledPage {...rest}>{children}</StyledPage>;
}
