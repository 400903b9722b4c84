import { useStore } from 'zustand';
import { MemoryRouter } from 'react-router-dom';
import styled from 'styled-components';
import { IconButton } from '@crm-panel/ui';
import { ProductForm } from '@products/exposed/ProductForm';
import { type StandaloneHost } from './standaloneHost';

export interface StandaloneModalLayerProps {
  host: StandaloneHost;
}

const StyledBackdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.dialog};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.overlay};
`;

const StyledWindow = styled.div<{ $width: number; $height: number }>`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: ${({ $width }) => `${$width}px`};
  max-height: min(${({ $height }) => `${$height}px`}, 100%);
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.xl};
  overflow: hidden;
`;

const StyledBar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[2]} ${theme.space[2]} ${theme.space[4]}`};
  border-bottom: ${({ theme }) => theme.borders.subtle};
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const StyledContent = styled.div`
  flex: 1 1 auto;
  min-height: 0;
  overflow-y: auto;
  padding: ${({ theme }) => `0 ${theme.space[4]}`};
`;

/** Stands in for the host's modal window: the form page in its own router, over the page. */
export function StandaloneModalLayer({ host }: StandaloneModalLayerProps) {
  const modal = useStore(host.store, (state) => state.modal);
  if (!modal) return null;
  return (
    <StyledBackdrop>
      <StyledWindow
        role="dialog"
        aria-modal="true"
        aria-label={modal.options.title}
        $width={modal.options.width}
        $height={modal.options.height}
      >
        <StyledBar>
          <span>Janela do host: {modal.options.title}</span>
          <IconButton label="Fechar janela" icon="close" onClick={host.dismiss} />
        </StyledBar>
        <StyledContent>
          <MemoryRouter key={modal.path} initialEntries={[modal.path]}>
            <ProductForm />
          </MemoryRouter>
        </StyledContent>
      </StyledWindow>
    </StyledBackdrop>
  );
}
