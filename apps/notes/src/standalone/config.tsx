import {
  CHANNEL_ID_FIXTURE,
  CHAT_ID_FIXTURE,
  createMockDb,
  notesFixture,
  profileFixture,
} from '@crm-panel/api-client/testing';
import { buildModalUrl, MODAL_PATHS } from '@crm-panel/contracts';
import { type Note } from '@crm-panel/crm-model';
import { DealTabDemo, type StandaloneConfig } from '@crm-panel/dev-harness';
import { FAKE_ATTENDANCE } from '@crm-panel/host-bridge/testing';
import { NoteCreateForm } from '@notes/exposed/NoteCreateForm';
import { NotesTab } from '@notes/exposed/NotesTab';
import { NoteViewForm } from '@notes/exposed/NoteViewForm';

/** A note past the 200-character preview, so 'Ver mais' can be seen on this page. */
const LONG_NOTE: Note = {
  id: 'note-long',
  description:
    '<p>Cliente relatou que o time financeiro precisa aprovar o orçamento antes do fim do ' +
    'trimestre.</p><ul><li>Nova proposta com <strong>desconto progressivo</strong></li>' +
    '<li>Pagamento em doze parcelas</li><li>Suporte dedicado durante a implantação nas três ' +
    'filiais</li></ul><p>Próximo contato combinado para a semana que vem.</p>',
  registered_at: '2025-03-11T16:40:00.000Z',
  user_id: 'user-3',
};

const sampleNote = notesFixture['deal-1']?.[1];

/** The notes remote on its own: the tab, the note form (manual or from the chat), a note. */
export const standalone: StandaloneConfig = {
  name: 'notes',
  views: [
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
  ],
  routes: [
    {
      path: '/',
      element: <DealTabDemo render={(dealId) => <NotesTab dealId={dealId} />} />,
    },
  ],
  modalRoutes: [
    { path: MODAL_PATHS['note-create'], element: <NoteCreateForm /> },
    { path: MODAL_PATHS['note-view'], element: <NoteViewForm /> },
  ],
  world: {
    db: createMockDb({
      notes: { ...notesFixture, 'deal-1': [...(notesFixture['deal-1'] ?? []), LONG_NOTE] },
    }),
  },
  failures: [
    {
      label: 'Simular falha ao carregar notas',
      method: 'get',
      path: '/api/rdstation/deals/:id/notes',
    },
  ],
  // The mock api keeps its chat messages under these ids.
  attendance: { ...FAKE_ATTENDANCE, atendimentoId: CHAT_ID_FIXTURE, canalId: CHANNEL_ID_FIXTURE },
};
