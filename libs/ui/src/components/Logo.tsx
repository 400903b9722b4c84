import styled from 'styled-components';

export type LogoSize = 'small' | 'medium' | 'large';

export interface LogoProps {
  size?: LogoSize;
  /** Hides the wordmark, leaving the mark only (the accessible name stays). */
  markOnly?: boolean;
  className?: string;
}

const MARK_PX: Record<LogoSize, number> = { small: 20, medium: 28, large: 40 };

const StyledLogo = styled.span<{ $size: LogoSize }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme, $size }) => ($size === 'large' ? theme.space[3] : theme.space[2])};
  font-size: ${({ theme, $size }) =>
    $size === 'small' ? theme.fontSizes.md : $size === 'medium' ? theme.fontSizes.xl : '1.75rem'};
  line-height: 1;
  letter-spacing: -0.01em;
  color: ${({ theme }) => theme.colors.text};
  white-space: nowrap;
`;

const StyledMark = styled.svg`
  flex: none;
  .logo-tile {
    fill: ${({ theme }) => theme.colors.primary};
  }
  .logo-bubble {
    fill: ${({ theme }) => theme.colors.surface};
  }
  .logo-bar {
    fill: ${({ theme }) => theme.colors.primary};
  }
`;

const StyledStrong = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const StyledLight = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/**
 * The product mark (a chat bubble holding rising bars) and its wordmark, in the language of every
 * other text a person reads: "Painel CRM" (the spec's "side panel" of a sales CRM).
 */
const LOGO_NAME = 'Painel CRM';

export function Logo({ size = 'medium', markOnly = false, className }: LogoProps) {
  const px = MARK_PX[size];
  return (
    <StyledLogo role="img" aria-label={LOGO_NAME} $size={size} className={className}>
      <StyledMark width={px} height={px} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect className="logo-tile" x="0" y="0" width="32" height="32" rx="8" />
        <path
          className="logo-bubble"
          d="M9 7.5h14a3.5 3.5 0 0 1 3.5 3.5v8a3.5 3.5 0 0 1-3.5 3.5h-6.2l-4.6 3.7c-.5.4-1.2 0-1.2-.6v-3.1H9A3.5 3.5 0 0 1 5.5 19v-8A3.5 3.5 0 0 1 9 7.5Z"
        />
        <rect className="logo-bar" x="10" y="15" width="2.6" height="4" rx="1.3" />
        <rect className="logo-bar" x="14.7" y="12.5" width="2.6" height="6.5" rx="1.3" />
        <rect className="logo-bar" x="19.4" y="10.5" width="2.6" height="8.5" rx="1.3" />
      </StyledMark>
      {markOnly ? null : (
        <span aria-hidden="true">
          <StyledLight>Painel</StyledLight> <StyledStrong>CRM</StyledStrong>
        </span>
      )}
    </StyledLogo>
  );
}
