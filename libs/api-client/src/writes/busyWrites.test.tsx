import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { type ReactNode } from 'react';
import { setupTestServer } from '@api-client/testing';
import { useCrmWaiting } from '@api-client/hooks/useCrmWaiting';
import { createPanelQueryClient } from './client';
import { useCreateNote } from './notes';

const server = setupTestServer();

const NOTES_PATH = '/api/rdstation/deals/deal-1/notes';
/** Every POST of the note that reached the api, answered by the test or by the mock world. */
let notePosts: unknown[] = [];

beforeEach(() => {
  notePosts = [];
});

function wrapper() {
  const client = createPanelQueryClient();
  return function Providers({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

/** The api's answer when the tenant's CRM budget is spent: the write was never sent to the CRM. */
const busy = () =>
  HttpResponse.json(
    {
      message: 'Limite de requisições ao RD Station CRM atingido. Tente novamente em instantes.',
      code: 'crm_busy',
    },
    { status: 429, headers: { 'retry-after': '1' } },
  );

/** The first `times` POSTs of the note answer `answer`; the rest go to the mock world. */
function failFirst(times: number, answer: () => Response) {
  let failed = 0;
  server.use(
    http.post(`${server.baseURL}${NOTES_PATH}`, async ({ request }) => {
      notePosts.push(await request.clone().json());
      if (failed >= times) return undefined;
      failed += 1;
      return answer();
    }),
  );
}

const render = () =>
  renderHook(() => ({ create: useCreateNote(), waiting: useCrmWaiting() }), {
    wrapper: wrapper(),
  });

describe('a write on a busy CRM', () => {
  it("waits ('Aguardando o RD Station CRM…'), goes again after Retry-After by itself and is written once", async () => {
    failFirst(1, busy);
    const { result } = render();
    let written: Promise<unknown> = Promise.resolve();
    act(() => {
      written = result.current.create.mutateAsync({
        dealId: 'deal-1',
        payload: { description: 'Cliente pediu retorno', user_id: 'user-1' },
      });
    });
    await waitFor(() => expect(result.current.waiting).toBe(true));
    expect(notePosts).toHaveLength(1);
    expect(result.current.create.isPending).toBe(true);
    expect(result.current.create.isError).toBe(false);

    await act(async () => {
      await written;
    });
    expect(result.current.create.isSuccess).toBe(true);
    expect(result.current.waiting).toBe(false);
    // One refused by the api (never sent to the CRM), one written.
    expect(notePosts).toEqual([
      { description: 'Cliente pediu retorno', user_id: 'user-1' },
      { description: 'Cliente pediu retorno', user_id: 'user-1' },
    ]);
  });

  it.each([
    [
      'a CRM failure',
      () => HttpResponse.json({ message: 'O RD Station CRM está indisponível.' }, { status: 502 }),
    ],
    [
      "the api's own 429 (too many writes)",
      () =>
        HttpResponse.json(
          { message: 'Muitas requisições em pouco tempo. Aguarde um instante e tente novamente.' },
          { status: 429, headers: { 'retry-after': '1' } },
        ),
    ],
  ])('never sends again after %s: it may have been written, or is an answer', async (_, answer) => {
    failFirst(1, answer);
    const { result } = render();
    act(() => {
      result.current.create
        .mutateAsync({
          dealId: 'deal-1',
          payload: { description: 'Cliente pediu retorno', user_id: 'user-1' },
        })
        .catch(() => undefined);
    });
    await waitFor(() => expect(result.current.create.isError).toBe(true));
    expect(result.current.waiting).toBe(false);
    expect(notePosts).toHaveLength(1);
  });
});
