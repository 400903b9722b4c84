import { useSyncExternalStore } from 'react';
import { MemoryRouter } from 'react-router-dom';
import styled from 'styled-components';
import { MODAL_CANCELLED } from '@crm-panel/contracts';
import { IconButton } from '@crm-panel/ui';
import { TaskForm } from '@tasks/exposed/TaskForm';
import { type StandaloneModalHost } from './standaloneModalHost';

export interface StandaloneModalLayerProps {
  host: StandaloneModalHost;
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

const StyledWindow = styled.div<{ $width: number; $height: number }>`
  position: relative;
  width: min(100%, ${({ $width }) => $width}px);
  max-height: min(100%, ${({ $height }) => $height}px);
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

/** Draws the modal the fake host was asked to open, the way a host modal would. */
export function StandaloneModalLayer({ host }: StandaloneModalLayerProps) {
  const modal = useSyncExternalStore(host.subscribe, host.current);
  if (!modal) return null;
  const close = () => void host.adapter.closeModal?.(MODAL_CANCELLED);
  return (
    <StyledBackdrop>
      <StyledWindow
        role="dialog"
        aria-modal="true"
        aria-label={modal.options.title}
        $width={modal.options.width}
        $height={modal.options.height}
      >
        <StyledClose>
          <IconButton label="Fechar" icon="close" onClick={close} />
        </StyledClose>
        <MemoryRouter initialEntries={[modal.path]}>
          <TaskForm />
        </MemoryRouter>
      </StyledWindow>
    </StyledBackdrop>
  );
}
