import styled from 'styled-components';
import { Button } from '@crm-panel/ui';
import type { RemoteOverride } from './remoteOverrides';

// Above everything, the full-screen loading included: it shows from the panel's start.
const StyledBanner = styled.div`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.fullscreen + 1};
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  background: ${({ theme }) => theme.colors.warningSubtle};
  color: ${({ theme }) => theme.colors.warningText};
  border-bottom: ${({ theme }) => theme.borders.default};
  border-bottom-color: ${({ theme }) => theme.colors.warningBorder};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;

  & > button {
    flex-shrink: 0;
    white-space: nowrap;
  }
`;

export interface RemoteOverridesBannerProps {
  overrides: readonly RemoteOverride[];
  onClear: () => void;
}

/** Says, while any is active, that a remote of this panel comes from another address. */
export function RemoteOverridesBanner({ overrides, onClear }: RemoteOverridesBannerProps) {
  if (overrides.length === 0) return null;
  return (
    <StyledBanner role="status" aria-label="Substituição de módulos ativa">
      <span>
        Substituição ativa neste navegador:{' '}
        {overrides.map(({ remote, entry }) => `${remote} vem de ${entry}`).join('; ')}.
      </span>
      <Button variant="secondary" size="sm" onClick={onClear}>
        Remover substituições
      </Button>
    </StyledBanner>
  );
}
