import { setupWorker, type SetupWorker } from 'msw/browser';
import { configureApiClient } from '@crm-panel/api-client';
import {
  createHandlers,
  createMockDb,
  identityFixture,
  mockErrorHandler,
  notesFixture,
} from '@crm-panel/api-client/testing';
import { type Note } from '@crm-panel/crm-model';

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

let worker: SetupWorker | null = null;

/** The api-client mock world in the browser (MSW service worker), same origin as the page. */
export async function startMockApi(): Promise<void> {
  const db = createMockDb({
    notes: { ...notesFixture, 'deal-1': [...(notesFixture['deal-1'] ?? []), LONG_NOTE] },
  });
  worker = setupWorker(...createHandlers({ baseURL: '', db, delayMs: 300 }));
  await worker.start({
    serviceWorker: { url: './mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  configureApiClient({ baseURL: '', getIdentity: () => identityFixture });
}

/** Makes the notes list answer 500, to see the tab's error banner; off restores the mock. */
export function simulateNotesFailure(on: boolean): void {
  if (!worker) return;
  if (on) {
    worker.use(
      mockErrorHandler({
        method: 'get',
        path: '/api/rdstation/deals/:id/notes',
        status: 500,
      }),
    );
  } else {
    worker.resetHandlers();
  }
}
