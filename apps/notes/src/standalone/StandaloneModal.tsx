import { useSyncExternalStore } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import { MODAL_PATHS } from '@crm-panel/contracts';
import { IconButton } from '@crm-panel/ui';
import { NoteCreateForm } from '@notes/exposed/NoteCreateForm';
import { NoteViewForm } from '@notes/exposed/NoteViewForm';
import { type StandaloneHost } from './standaloneHost';

export interface StandaloneModalProps {
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

const StyledWindow = styled.div`
  display: flex;
  flex-direction: column;
  width: min(${({ theme }) => theme.sizes.standaloneModal.width}, 100%);
  max-height: min(${({ theme }) => theme.sizes.standaloneModal.maxHeight}, 100%);
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.xl};
  overflow: hidden;
`;

const StyledBar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: ${({ theme }) => theme.borders.subtle};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const StyledBody = styled.div`
  overflow-y: auto;
`;

/** The fake host's modal window: the form page, routed from the modal URL like the shell does. */
export function StandaloneModal({ host }: StandaloneModalProps) {
  const modal = useSyncExternalStore(host.subscribe, host.getModal);
  if (!modal) return null;
  const url = new URL(modal.url, window.location.href);
  return (
    <StyledBackdrop>
      <StyledWindow role="dialog" aria-modal="true" aria-label={`${modal.title} (janela do host)`}>
        <StyledBar>
          <span>{modal.title} — janela do host</span>
          <IconButton label="Fechar janela" icon="close" size="sm" onClick={host.dismiss} />
        </StyledBar>
        <StyledBody>
          <MemoryRouter initialEntries={[`${url.pathname}${url.search}`]}>
            <Routes>
              <Route path={MODAL_PATHS['note-create']} element={<NoteCreateForm />} />
              <Route path={MODAL_PATHS['note-view']} element={<NoteViewForm />} />
            </Routes>
          </MemoryRouter>
        </StyledBody>
      </StyledWindow>
    </StyledBackdrop>
  );
}
