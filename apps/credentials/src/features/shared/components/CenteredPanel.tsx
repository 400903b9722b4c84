import { type ReactNode } from 'react';
import styled from 'styled-components';
import { Logo } from '@crm-panel/ui';

export interface CenteredPanelProps {
  title: ReactNode;
  /** Text under the title. */
  intro?: ReactNode;
  /** Shows the product logo above the title (full pages; modal pages have the host's title bar). */
  withLogo?: boolean;
  children?: ReactNode;
}

const StyledPanel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  width: 100%;
  max-width: ${({ theme }) => theme.sizes.content.narrow};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[6]} ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.surface};
  border: ${({ theme }) => theme.borders.subtle};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};

  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space[8]};
  }
`;

const StyledHeader = styled.header`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  text-align: center;
`;

const StyledTitle = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text};
`;

const StyledIntro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: ${({ theme }) => theme.lineHeights.normal};
`;

/** The one-column card the access-flow pages share (terms, setup, login prompt, auth popup). */
export function CenteredPanel({ title, intro, withLogo = true, children }: CenteredPanelProps) {
  return (
    <StyledPanel>
      <StyledHeader>
        {withLogo ? <Logo size="medium" /> : null}
        <StyledTitle>{title}</StyledTitle>
        {intro ? <StyledIntro>{intro}</StyledIntro> : null}
      </StyledHeader>
      {children}
    </StyledPanel>
  );
}
