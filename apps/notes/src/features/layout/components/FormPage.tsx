import { type ReactNode } from 'react';
import styled from 'styled-components';

export interface FormPageProps {
  title: string;
  /** A line under the title, e.g. 'Negociação: Contrato anual'. */
  subtitle?: ReactNode;
  children: ReactNode;
}

const StyledPage = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  width: 100%;
  max-width: ${({ theme }) => theme.sizes.content.wide};
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
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  color: ${({ theme }) => theme.colors.text};
`;

const StyledSubtitle = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.textSecondary};
  overflow-wrap: anywhere;
`;

/** The frame of a modal page: title, optional subtitle and the content. */
export function FormPage({ title, subtitle, children }: FormPageProps) {
  return (
    <StyledPage>
      <StyledHeader>
        <StyledTitle>{title}</StyledTitle>
        {subtitle ? <StyledSubtitle>{subtitle}</StyledSubtitle> : null}
      </StyledHeader>
      {children}
    </StyledPage>
  );
}
