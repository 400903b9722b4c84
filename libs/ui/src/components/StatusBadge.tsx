import { type ReactNode } from 'react';
import styled from 'styled-components';
import { type Theme } from '@ui/theme/theme';

export type StatusBadgeTone = 'neutral' | 'info' | 'success' | 'danger' | 'warning';

export interface StatusBadgeProps {
  tone?: StatusBadgeTone;
  children: ReactNode;
  className?: string;
}

type ColorKey = keyof Theme['colors'];

const TONES: Record<
  StatusBadgeTone,
  { bg: ColorKey; border: ColorKey; fg: ColorKey; dot: ColorKey }
> = {
  neutral: { bg: 'neutralSubtle', border: 'neutralBorder', fg: 'neutralText', dot: 'textMuted' },
  info: { bg: 'infoSubtle', border: 'infoBorder', fg: 'infoText', dot: 'info' },
  success: { bg: 'successSubtle', border: 'successBorder', fg: 'successText', dot: 'success' },
  danger: { bg: 'dangerSubtle', border: 'dangerBorder', fg: 'dangerText', dot: 'danger' },
  warning: { bg: 'warningSubtle', border: 'warningBorder', fg: 'warningText', dot: 'warning' },
};

const StyledBadge = styled.span<{ $tone: StatusBadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1.5]};
  padding: ${({ theme }) => `${theme.space[0.5]} ${theme.space[2]}`};
  border: 1px solid ${({ theme, $tone }) => theme.colors[TONES[$tone].border]};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme, $tone }) => theme.colors[TONES[$tone].bg]};
  color: ${({ theme, $tone }) => theme.colors[TONES[$tone].fg]};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: 1.4;
  white-space: nowrap;

  &::before {
    content: '';
    width: 6px;
    height: 6px;
    border-radius: ${({ theme }) => theme.radii.round};
    background: ${({ theme, $tone }) => theme.colors[TONES[$tone].dot]};
  }
`;

export function StatusBadge({ tone = 'neutral', children, className }: StatusBadgeProps) {
  return (
    <StyledBadge $tone={tone} className={className}>
      {children}
    </StyledBadge>
  );
}
