import { type HTMLAttributes, type ReactNode, useId } from 'react';
import styled from 'styled-components';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Buttons or links shown at the right of the title. */
  actions?: ReactNode;
  /** Removes the inner padding, e.g. for lists that run edge to edge. */
  flush?: boolean;
  children?: ReactNode;
}

const StyledCard = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.borderSubtle};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  min-width: 0;
`;

const StyledHeader = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.borderSubtle};
`;

const StyledTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  color: ${({ theme }) => theme.colors.text};
`;

const StyledActions = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin-left: auto;
`;

const StyledBody = styled.div<{ $flush: boolean }>`
  padding: ${({ theme, $flush }) => ($flush ? '0' : theme.space[4])};
`;

export function Card({ title, actions, flush = false, children, ...rest }: CardProps) {
  const titleId = useId();
  const hasHeader = title !== undefined || actions !== undefined;
  return (
    <StyledCard aria-labelledby={title !== undefined ? titleId : undefined} {...rest}>
      {hasHeader ? (
        <StyledHeader>
          {title !== undefined ? <StyledTitle id={titleId}>{title}</StyledTitle> : null}
          {actions !== undefined ? <StyledActions>{actions}</StyledActions> : null}
        </StyledHeader>
      ) : null}
      <StyledBody $flush={flush}>{children}</StyledBody>
    </StyledCard>
  );
}
