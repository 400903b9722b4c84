import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { queryKeys } from '@api-client/query/queryKeys';
import {
  liveChangeFrame,
  liveDealChange,
  type ScriptedLiveServer,
  scriptedLiveServer,
} from '@api-client/testing/liveStreams';
import { LIVE_HINT_MS, LiveUpdatesProvider } from './LiveUpdatesProvider';
import { useLiveHint } from './useLiveHint';
import { useRecordChangeWarning } from './useRecordChangeWarning';

function DealView({ read }: { read: () => string }) {
  const deal = useQuery({ queryKey: queryKeys.deal('deal-1'), queryFn: async () => read() });
  const hint = useLiveHint();
  return (
    <>
      <p>{deal.data}</p>
      {hint ? <p role="status">{hint.text}</p> : null}
    </>
  );
}

function Notes({ read }: { read: () => Promise<string> }) {
  const notes = useQuery({ queryKey: queryKeys.dealNotes('deal-1'), queryFn: read });
  return <p>{notes.data}</p>;
}

function TaskForm() {
  const warning = useRecordChangeWarning({ type: 'deal', id: 'deal-1' });
  return (
    <>
      <input aria-label="Assunto" defaultValue="" />
      {warning ? <p role="alert">{warning}</p> : null}
    </>
  );
}

let server: ScriptedLiveServer;
let client: QueryClient;
let reads: number;

const flush = () => act(() => jest.advanceTimersByTimeAsync(0));

function renderPanel(children: React.ReactNode) {
  return render(
    <QueryClientProvider client={client}>
      <LiveUpdatesProvider
        selfUserId="u-ana"
        transport={{ context: server.context, fetch: server.fetch, random: () => 1 }}
      >
        {children}
      </LiveUpdatesProvider>
    </QueryClientProvider>,
  );
}

const read = () => {
  reads += 1;
  return `leitura ${reads}`;
};

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  server = scriptedLiveServer();
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  reads = 0;
});
afterEach(() => {
  client.clear();
  jest.useRealTimers();
});

describe('LiveUpdatesProvider', () => {
  it('re-reads the changed deal on screen and says who changed it, for a few seconds', async () => {
    renderPanel(<DealView read={read} />);
    await flush();
    expect(screen.getByText('leitura 1')).toBeInTheDocument();
    server.streams[0]?.push(liveChangeFrame(liveDealChange('c1')));
    await flush();
    await flush();
    expect(screen.getByText('leitura 2')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Atualizado por Arthur Lima agora');
    await act(() => jest.advanceTimersByTimeAsync(LIVE_HINT_MS));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('names the changed fields as the panel labels them, and hands them on for highlighting', async () => {
    let seen: ReturnType<typeof useLiveHint> = null;
    function Spy() {
      seen = useLiveHint();
      return null;
    }
    renderPanel(<Spy />);
    await flush();
    server.streams[0]?.push(
      liveChangeFrame({
        ...liveDealChange('c2'),
        fields: [
          { field: 'pipeline_id', before: 'p1', after: 'p2' },
          { field: 'stage_id', before: 's1', after: null },
        ],
      }),
    );
    await flush();
    expect(seen).toEqual({
      changeId: 'c2',
      text: 'Atualizado por Arthur Lima agora: Funil de vendas, Etapa do funil',
      record: { type: 'deal', id: 'deal-1' },
      fields: ['pipeline_id', 'stage_id'],
    });
  });

  it('names the CRM when the change came from RD Station CRM', async () => {
    renderPanel(<DealView read={read} />);
    await flush();
    server.streams[0]?.push(liveChangeFrame(liveDealChange('c1', { origin: 'crm', actor: null })));
    await flush();
    expect(screen.getByRole('status')).toHaveTextContent('Atualizado no RD Station CRM agora');
  });

  it("re-reads after the panel's own change but shows no hint", async () => {
    renderPanel(<DealView read={read} />);
    await flush();
    server.streams[0]?.push(
      liveChangeFrame(liveDealChange('c1', { actor: { userId: 'u-ana', name: 'Ana' } })),
    );
    await flush();
    await flush();
    expect(screen.getByText('leitura 2')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('neither re-reads nor hints a change this tab wrote itself (its answer is in the cache)', async () => {
    renderPanel(<DealView read={read} />);
    await flush();
    server.streams[0]?.push(
      liveChangeFrame(
        liveDealChange('c1', {
          actor: { userId: 'u-ana', name: 'Ana' },
          own: true,
        }),
      ),
    );
    await flush();
    await flush();
    expect(screen.getByText('leitura 1')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('re-reads only what shows the changed record', async () => {
    const notesReads = jest.fn(async () => 'notas');
    renderPanel(
      <>
        <DealView read={read} />
        <Notes read={notesReads} />
      </>,
    );
    await flush();
    expect(notesReads).toHaveBeenCalledTimes(1);
    server.streams[0]?.push(liveChangeFrame(liveDealChange('c1')));
    await flush();
    await flush();
    expect(screen.getByText('leitura 2')).toBeInTheDocument();
    expect(notesReads).toHaveBeenCalledTimes(1);
  });

  it('re-reads everything on a resync', async () => {
    const notesReads = jest.fn(async () => 'notas');
    renderPanel(
      <>
        <DealView read={read} />
        <Notes read={notesReads} />
      </>,
    );
    await flush();
    server.streams[0]?.push('event: resync\ndata: {}\n\n');
    await flush();
    await flush();
    expect(screen.getByText('leitura 2')).toBeInTheDocument();
    expect(notesReads).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('warns a form whose record someone else changed, and keeps what was typed', async () => {
    renderPanel(<TaskForm />);
    await flush();
    const input = screen.getByLabelText('Assunto') as HTMLInputElement;
    input.value = 'Ligar amanhã';
    server.streams[0]?.push(liveChangeFrame(liveDealChange('c1')));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Este registro foi alterado por Arthur Lima. Suas alterações não foram salvas ainda.',
    );
    expect(input.value).toBe('Ligar amanhã');
  });

  it('closes the stream when the panel unmounts', async () => {
    const { unmount } = renderPanel(<DealView read={read} />);
    await flush();
    unmount();
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(server.calls).toHaveLength(1);
  });
});
