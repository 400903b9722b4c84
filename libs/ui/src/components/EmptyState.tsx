import { type ReactNode } from 'react';
import styled from 'styled-components';
import { Icon, type IconName } from './Icon';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** A button or link offering the next step. */
  action?: ReactNode;
  icon?: IconName;
  className?: string;
}

const StyledEmpty = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[8]} ${theme.space[4]}`};
  text-align: center;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const StyledIcon = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  margin-bottom: ${({ theme }) => theme.space[1]};
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.neutralSubtle};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledTitle = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

const StyledDescription = styled.p`
  margin: 0;
  max-width: 36ch;
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const StyledAction = styled.div`
  margin-top: ${({ theme }) => theme.space[2]};
`;

export function EmptyState({
  title,
  description,
  action,
  icon = 'inbox',
  className,
}: EmptyStateProps) {
  return (
    <StyledEmpty className={className}>
      <StyledIcon>
        <Icon name={icon} size={22} />
      </StyledIcon>
      <StyledTitle>{title}</StyledTitle>
      {description ? <StyledDescription>{description}</StyledDescription> : null}
      {action ? <StyledAction>{action}</StyledAction> : null}
    </StyledEmpty>
  );
}
