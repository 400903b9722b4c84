import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createPanelQueryClient, useCreateNote } from '@crm-panel/api-client';
import { setupTestServer } from '@crm-panel/api-client/testing';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { renderShell } from '@shell/test-utils';
import { CrmWaitingNotice } from './CrmWaitingNotice';

const server = setupTestServer();

/** A form's save, as a page the host opens in a modal has one. */
function NoteForm() {
  const create = useCreateNote();
  return (
    <>
      <CrmWaitingNotice />
      <button
        type="button"
        onClick={() =>
          create.mutate({
            dealId: 'deal-1',
            payload: { description: 'Cliente pediu retorno', user_id: 'user-1' },
          })
        }
      >
        Salvar
      </button>
      {create.isSuccess ? <p>Nota salva</p> : null}
      {create.isError ? <p role="alert">Não foi possível salvar a nota.</p> : null}
    </>
  );
}

it("says 'Aguardando o RD Station CRM…' while a save waits out a busy CRM, then saves it once", async () => {
  const posts: unknown[] = [];
  server.use(
    http.post(`${server.baseURL}/api/rdstation/deals/deal-1/notes`, async ({ request }) => {
      posts.push(await request.clone().json());
      if (posts.length > 1) return undefined;
      return HttpResponse.json(
        {
          message:
            'Limite de requisições ao RD Station CRM atingido. Tente novamente em instantes.',
          code: 'crm_busy',
        },
        { status: 429, headers: { 'retry-after': '1' } },
      );
    }),
  );
  const user = userEvent.setup();
  renderShell(<NoteForm />, {
    adapter: createFakeHostAdapter(),
    queryClient: createPanelQueryClient(),
  });
  await user.click(screen.getByRole('button', { name: 'Salvar' }));
  const notice = await screen.findByText('Aguardando o RD Station CRM…');
  expect(notice.closest('[role="status"]')).not.toBeNull();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(await screen.findByText('Nota salva', {}, { timeout: 3_000 })).toBeInTheDocument();
  await waitFor(() =>
    expect(screen.queryByText('Aguardando o RD Station CRM…')).not.toBeInTheDocument(),
  );
  expect(posts).toHaveLength(2);
});
