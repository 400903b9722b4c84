import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { LiveUpdatesProvider } from '@api-client/live/LiveUpdatesProvider';
import { useLiveHint } from '@api-client/live/useLiveHint';
import { useRecordChangeWarning } from '@api-client/live/useRecordChangeWarning';
import { liveDealChange } from './liveStreams';
import { setupTestServer } from './setupTestServer';

// The mock world serves GET /api/events: the panel's own stream code, on the browser's
// fetch, opens an idle stream there, and a test pushes a change through the mock db.

const server = setupTestServer();

function DealScreen() {
  const hint = useLiveHint();
  const warning = useRecordChangeWarning({ type: 'deal', id: 'deal-1' });
  return (
    <>
      <p>{hint?.text ?? 'sem novidades'}</p>
      <p>{warning ?? 'sem aviso'}</p>
    </>
  );
}

it('keeps an idle stream open and delivers a pushed change to the screen', async () => {
  const view = render(
    <QueryClientProvider client={new QueryClient()}>
      <LiveUpdatesProvider selfUserId="user-1">
        <DealScreen />
      </LiveUpdatesProvider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(server.db.live.open).toBe(1));
  expect(screen.getByText('sem novidades')).toBeInTheDocument();
  server.db.live.push(liveDealChange('c1'));
  expect(
    await screen.findByText('Atualizado por Arthur Lima agora: Avaliação'),
  ).toBeInTheDocument();
  expect(
    screen.getByText(
      'Este registro foi alterado por Arthur Lima. Suas alterações não foram salvas ainda.',
    ),
  ).toBeInTheDocument();
  // Still the one stream: nothing failed and reconnected.
  expect(server.db.live.open).toBe(1);
  view.unmount();
  await waitFor(() => expect(server.db.live.open).toBe(0));
});

it('answers 400 without the identity headers, as the api does', async () => {
  const response = await fetch(`${server.baseURL}/api/events`);
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({
    message:
      'Cabeçalhos de identificação ausentes: envie x-user-id e x-system-key para identificar o usuário e o sistema.',
  });
});
