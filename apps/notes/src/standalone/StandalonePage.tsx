import { NavLink, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import {
  CHANNEL_ID_FIXTURE,
  CHAT_ID_FIXTURE,
  notesFixture,
  profileFixture,
} from '@crm-panel/api-client/testing';
import { buildModalUrl, MODAL_PATHS } from '@crm-panel/contracts';
import { PageWrapper } from '@crm-panel/ui';
import { NoteCreateForm } from '@notes/exposed/NoteCreateForm';
import { NoteViewForm } from '@notes/exposed/NoteViewForm';
import { StandaloneTabDemo } from './StandaloneTabDemo';

const sampleNote = notesFixture['deal-1']?.[1];

const LINKS = [
  { to: '/', label: 'Aba Notas' },
  {
    to: buildModalUrl('note-create', {
      dealId: 'deal-1',
      dealName: 'Contrato anual Acme',
      userId: profileFixture.id,
      chatId: CHAT_ID_FIXTURE,
      channelId: CHANNEL_ID_FIXTURE,
    }),
    label: 'Formulário: Adicionar Nota',
  },
  {
    to: buildModalUrl('note-view', {
      body: sampleNote?.description ?? '<p>Nota de exemplo</p>',
      registeredAt: sampleNote?.registered_at ?? new Date().toISOString(),
      dealName: 'Contrato anual Acme',
    }),
    label: 'Formulário: Ver nota',
  },
];

const StyledHeader = styled.header`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

const StyledNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledNav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};

  a {
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
    border: ${({ theme }) => theme.borders.default};
    border-radius: ${({ theme }) => theme.radii.pill};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textSecondary};
    text-decoration: none;
    background: ${({ theme }) => theme.colors.surface};
  }
  a[aria-current='page'] {
    border-color: ${({ theme }) => theme.colors.primaryBorder};
    color: ${({ theme }) => theme.colors.primaryText};
    background: ${({ theme }) => theme.colors.primarySubtle};
  }
`;

/** The remote on its own, without the shell: how its team develops and checks it. */
export function StandalonePage() {
  return (
    <PageWrapper>
      <StyledHeader>
        <StyledNote>
          Módulo notes em execução isolada: API simulada (MSW) e host simulado.
        </StyledNote>
        <StyledNav aria-label="Módulos expostos">
          {LINKS.map((link) => (
            <NavLink key={link.label} to={link.to} end>
              {link.label}
            </NavLink>
          ))}
        </StyledNav>
      </StyledHeader>
      <Routes>
        <Route path="/" element={<StandaloneTabDemo />} />
        <Route path={MODAL_PATHS['note-create']} element={<NoteCreateForm />} />
        <Route path={MODAL_PATHS['note-view']} element={<NoteViewForm />} />
      </Routes>
    </PageWrapper>
  );
}
