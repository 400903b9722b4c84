import { type ReactNode } from 'react';
import styled from 'styled-components';
import { type Theme } from '@ui/theme/theme';
import { Icon, type IconName } from './Icon';
import { IconButton } from './IconButton';

export type AlertTone = 'success' | 'error' | 'warning' | 'info';

export interface AlertProps {
  tone: AlertTone;
  children: ReactNode;
  /** Bold first line. */
  title?: ReactNode;
  /** Shows a 'Fechar' button. */
  onClose?: () => void;
  /** Extra controls (e.g. a retry button) at the end of the banner. */
  action?: ReactNode;
  className?: string;
}

type ToneColors = {
  bg: keyof Theme['colors'];
  border: keyof Theme['colors'];
  fg: keyof Theme['colors'];
};

const TONES: Record<AlertTone, ToneColors & { icon: IconName }> = {
  success: { bg: 'successSubtle', border: 'successBorder', fg: 'successText', icon: 'success' },
  error: { bg: 'dangerSubtle', border: 'dangerBorder', fg: 'dangerText', icon: 'error' },
  warning: { bg: 'warningSubtle', border: 'warningBorder', fg: 'warningText', icon: 'warning' },
  info: { bg: 'infoSubtle', border: 'infoBorder', fg: 'infoText', icon: 'info' },
};

// A narrow panel puts the action (a retry) under the text rather than squeezing the text into a
// column a word wide beside it.
const StyledAlert = styled.div<{ $tone: AlertTone }>`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  border: 1px solid ${({ theme, $tone }) => theme.colors[TONES[$tone].border]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => theme.colors[TONES[$tone].bg]};
  color: ${({ theme, $tone }) => theme.colors[TONES[$tone].fg]};
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: ${({ theme }) => theme.lineHeights.normal};
`;

const StyledIcon = styled.span`
  display: inline-flex;
  flex: none;
  padding-top: 2px;
`;

const StyledContent = styled.div`
  flex: 1 1 10rem;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const StyledTitle = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[0.5]};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const StyledTrailing = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  flex: none;
  margin: ${({ theme }) => `-${theme.space[1]} -${theme.space[2]} -${theme.space[1]} auto`};
`;

/** Banner message. Errors interrupt (role="alert"); the other tones are polite (role="status"). */
export function Alert({ tone, children, title, onClose, action, className }: AlertProps) {
  return (
    <StyledAlert role={tone === 'error' ? 'alert' : 'status'} $tone={tone} className={className}>
      <StyledIcon>
        <Icon name={TONES[tone].icon} size={18} />
      </StyledIcon>
      <StyledContent>
        {title ? <StyledTitle>{title}</StyledTitle> : null}
        {children}
      </StyledContent>
      {action || onClose ? (
        <StyledTrailing>
          {action}
          {onClose ? <IconButton label="Fechar" icon="close" size="sm" onClick={onClose} /> : null}
        </StyledTrailing>
      ) : null}
    </StyledAlert>
  );
}
