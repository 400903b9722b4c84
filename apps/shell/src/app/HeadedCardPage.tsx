import { type ReactNode } from 'react';
import styled from 'styled-components';
import { Card, Logo } from '@crm-panel/ui';

const StyledPage = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.sizes.content.narrow};
  margin: 0 auto;
`;

const StyledContent = styled.div<{ $centered: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: ${({ $centered }) => ($centered ? 'center' : 'stretch')};
  gap: ${({ theme }) => theme.space[4]};
  text-align: ${({ $centered }) => ($centered ? 'center' : 'start')};
`;

const StyledLogo = styled.div`
  display: flex;
  justify-content: center;
`;

const StyledHeading = styled.h1`
  margin: 0;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-align: center;
`;

export interface HeadedCardPageProps {
  heading: string;
  /** Everything centred (a short message and its action), or laid out full width (a form). */
  centered?: boolean;
  children: ReactNode;
}

/**
 * The shell's own full screens before the panel can open (who is using it, who they are in the
 * CRM): one narrow card with the logo and a heading above what the screen asks.
 */
export function HeadedCardPage({ heading, centered = false, children }: HeadedCardPageProps) {
  return (
    <StyledPage>
      <Card>
        <StyledContent $centered={centered}>
          <StyledLogo>
            <Logo size="small" />
          </StyledLogo>
          <StyledHeading>{heading}</StyledHeading>
          {children}
        </StyledContent>
      </Card>
    </StyledPage>
  );
}
