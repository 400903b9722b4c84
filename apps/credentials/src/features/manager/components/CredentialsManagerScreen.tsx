import styled from 'styled-components';
import { type PageModeProps } from '@crm-panel/contracts';
import { HostUserGate } from '../../shared/components/HostUserGate';
import { TEXTS } from '../../shared/texts';
import { CredentialsManager } from './CredentialsManager';

export interface CredentialsManagerScreenProps {
  mode: PageModeProps['mode'];
}

const StyledPage = styled.div<{ $modal: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  max-width: ${({ theme }) => theme.sizes.content.wide};
  margin: 0 auto;
  padding: ${({ theme, $modal }) => ($modal ? theme.space[4] : `${theme.space[4]} 0`)};
`;

const StyledTitle = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  color: ${({ theme }) => theme.colors.text};
`;

/** /credentials-manager and /credentials-manager-modal. */
export function CredentialsManagerScreen({ mode }: CredentialsManagerScreenProps) {
  return (
    <StyledPage $modal={mode === 'modal'}>
      <StyledTitle>{TEXTS.manager.title}</StyledTitle>
      {/* The modal is a fresh document: wait (50 × 100 ms) for the host user first. */}
      <HostUserGate>
        <CredentialsManager mode={mode} />
      </HostUserGate>
    </StyledPage>
  );
}
