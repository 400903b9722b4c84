import { type ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from '@crm-panel/contracts/router';
import styled from 'styled-components';
import { useStore } from 'zustand';
import { MODAL_CANCELLED } from '@crm-panel/contracts';
import { IconButton } from '@crm-panel/ui';
import { type StandaloneHost } from './standaloneHost';

/** A modal page of the remote: its path (MODAL_PATHS) and what it renders. */
export interface StandaloneModalRoute {
  path: string;
  element: ReactElement;
}

export interface StandaloneModalLayerProps {
  host: StandaloneHost;
  routes: StandaloneModalRoute[];
}

const StyledBackdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.overlay};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.overlay};
`;

const StyledWindow = styled.div`
  position: relative;
  width: min(${({ theme }) => theme.sizes.standaloneModal.width}, 100%);
  max-height: min(${({ theme }) => theme.sizes.standaloneModal.maxHeight}, 100%);
  overflow-y: auto;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.xl};
`;

const StyledClose = styled.div`
  position: absolute;
  top: ${({ theme }) => theme.space[2]};
  right: ${({ theme }) => theme.space[2]};
`;

/** Draws the modal the fake host was asked to open, the way a host's modal would. */
export function StandaloneModalLayer({ host, routes }: StandaloneModalLayerProps) {
  const modal = useStore(host.store, (state) => state.modal);
  if (!modal) return null;
  const close = () => void host.adapter.closeModal?.(MODAL_CANCELLED);
  return (
    <StyledBackdrop>
      <StyledWindow role="dialog" aria-modal="true" aria-label={modal.options.title}>
        <StyledClose>
          <IconButton label="Fechar" icon="close" onClick={close} />
        </StyledClose>
        <MemoryRouter initialEntries={[modal.path]}>
          <Routes>
            {routes.map((route) => (
              <Route key={route.path} path={route.path} element={route.element} />
            ))}
          </Routes>
        </MemoryRouter>
      </StyledWindow>
    </StyledBackdrop>
  );
}
