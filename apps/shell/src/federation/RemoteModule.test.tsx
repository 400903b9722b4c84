import { render as rtlRender, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CONTRACT_VERSION } from '@crm-panel/contracts';
import { usePreloadModule } from '@crm-panel/contracts/preloads';
import { PanelThemeProvider } from '@crm-panel/ui';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { RemoteModule } from './RemoteModule';
import { preloadRemoteModules, registerManifestRemotes } from './remoteLoader';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

jest.mock('@crm-panel/contracts/preloads', () => ({
  usePreloadModule: jest.fn(),
}));

const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;
const mockedRegister = registerRemotes as jest.MockedFunction<typeof registerRemotes>;

const mockedPreload = usePreloadModule as jest.MockedFunction<typeof usePreloadModule>;

const queryClient = new QueryClient();
const withProviders = (ui: ReactElement) => (
  <QueryClientProvider client={queryClient}>
    <PanelThemeProvider>{ui}</PanelThemeProvider>
  </QueryClientProvider>
);
const render = (ui: ReactElement) => rtlRender(withProviders(ui));

const REMOTES = {
  deal: 'http://r/deal.json',
  notes: 'http://r/notes.json',
  tasks: 'http://r/tasks.json',
  products: 'http://r/products.json',
  contacts: 'http://r/contacts.json',
  credentials: 'http://r/credentials.json',
};

function NotesStub({ dealId }: { dealId: string | null }) {
  return <p>Notas da negociação {dealId}</p>;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  registerManifestRemotes({
    apiBaseUrl: 'http://api',
    remotes: REMOTES,
    hostOrigins: [],
    contracts: {},
    overrideOrigins: [],
  });
  mockedRegister.mockClear();
  mockedPreload.mockClear();
  mockedLoadRemote.mockReset();
});

it('renders the remote module with the props the shell passes', async () => {
  mockedLoadRemote.mockResolvedValue({ default: NotesStub });
  render(<RemoteModule id="notes/NotesTab" label="Notas" props={{ dealId: 'd1' }} />);
  expect(await screen.findByText('Notas da negociação d1')).toBeInTheDocument();
  expect(mockedLoadRemote).toHaveBeenCalledWith('notes/NotesTab');
});

it('shows the error in its own area and retries the load, registering the remote again', async () => {
  mockedLoadRemote.mockRejectedValueOnce(new Error('remoteEntry.js 502'));
  render(
    <>
      <p>Resto do painel</p>
      <RemoteModule id="notes/NotesTab" label="Notas" props={{ dealId: 'd1' }} />
    </>,
  );
  const region = screen.getByRole('region', { name: 'Notas' });
  expect(await screen.findByText('Não foi possível carregar este módulo.')).toBeInTheDocument();
  expect(region).toContainElement(screen.getByRole('alert'));
  expect(screen.getByText('Resto do painel')).toBeInTheDocument();

  mockedLoadRemote.mockResolvedValueOnce({ default: NotesStub });
  await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
  expect(await screen.findByText('Notas da negociação d1')).toBeInTheDocument();
  expect(mockedRegister).toHaveBeenCalledWith([{ name: 'notes', entry: 'http://r/notes.json' }], {
    force: true,
  });
});

it('catches a remote that throws while rendering', async () => {
  function Broken(): never {
    throw new Error('boom');
  }
  mockedLoadRemote.mockResolvedValue({ default: Broken });
  render(<RemoteModule id="notes/NotesTab" label="Notas" props={{ dealId: null }} />);
  expect(await screen.findByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
});

it('renders a module loaded before without loading it again (no fallback on remount)', async () => {
  mockedLoadRemote.mockResolvedValue({ default: NotesStub });
  const first = render(<RemoteModule id="notes/NotesTab" label="Notas" props={{ dealId: 'd1' }} />);
  await screen.findByText('Notas da negociação d1');
  first.unmount();
  mockedLoadRemote.mockClear();
  render(<RemoteModule id="notes/NotesTab" label="Notas" props={{ dealId: 'd2' }} />);
  expect(screen.getByText('Notas da negociação d2')).toBeInTheDocument();
  expect(mockedLoadRemote).not.toHaveBeenCalled();
});

it("starts the module's contract preload with its load, with the shell's props", async () => {
  mockedLoadRemote.mockResolvedValue({ default: NotesStub });
  render(<RemoteModule id="notes/NotesTab" label="Notas" props={{ dealId: 'd1' }} />);
  expect(mockedPreload).toHaveBeenCalledWith('notes/NotesTab', { dealId: 'd1' });
  await screen.findByText('Notas da negociação d1');
});

it('renders a preloaded module on its first render, with no fallback, and loads it once', async () => {
  mockedLoadRemote.mockResolvedValue({ default: NotesStub });
  const preloaded = preloadRemoteModules(['notes/NotesTab']);
  // The area mounts while the preload is in flight: it shares that load.
  const early = render(<RemoteModule id="notes/NotesTab" label="Notas" props={{ dealId: 'd1' }} />);
  expect(screen.getByText('Carregando Notas...')).toBeInTheDocument();
  await preloaded;
  expect(await screen.findByText('Notas da negociação d1')).toBeInTheDocument();
  early.unmount();

  render(<RemoteModule id="notes/NotesTab" label="Notas" props={{ dealId: 'd2' }} />);
  expect(screen.getByText('Notas da negociação d2')).toBeInTheDocument();
  expect(screen.queryByText('Carregando Notas...')).not.toBeInTheDocument();
  expect(mockedLoadRemote).toHaveBeenCalledTimes(1);
});

it('a preload that fails settles, and the area loads the module again and shows its error', async () => {
  mockedLoadRemote.mockRejectedValue(new Error('remoteEntry.js 502'));
  await expect(preloadRemoteModules(['notes/NotesTab'])).resolves.toBeUndefined();
  render(<RemoteModule id="notes/NotesTab" label="Notas" props={{ dealId: 'd1' }} />);
  expect(await screen.findByText('Não foi possível carregar este módulo.')).toBeInTheDocument();
  expect(mockedLoadRemote).toHaveBeenCalledTimes(2);
});

it('refuses a remote built for another contract major in its own area, without loading it', async () => {
  registerManifestRemotes({
    apiBaseUrl: 'http://api',
    remotes: REMOTES,
    hostOrigins: [],
    contracts: { notes: '2.0.0', tasks: '1.7.0' },
    overrideOrigins: [],
  });
  mockedLoadRemote.mockResolvedValue({ default: NotesStub });
  render(
    <>
      <RemoteModule id="notes/NotesTab" label="Notas" props={{ dealId: 'd1' }} />
      <RemoteModule id="tasks/TasksTab" label="Tarefas" props={{ dealId: 'd1' }} />
    </>,
  );
  const notes = screen.getByRole('region', { name: 'Notas' });
  expect(
    await screen.findByText(
      'Este módulo foi feito para outra versão do painel (contrato 2.x; este painel aceita 1.x) e não pode ser aberto aqui. Avise o administrador.',
    ),
  ).toBeInTheDocument();
  expect(notes).toContainElement(screen.getByRole('alert'));
  // Another minor of the shell's major loads.
  expect(await screen.findByText('Notas da negociação d1')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Tarefas' })).toHaveTextContent(
    'Notas da negociação d1',
  );
  expect(mockedLoadRemote).toHaveBeenCalledTimes(1);
  expect(mockedLoadRemote).toHaveBeenCalledWith('tasks/TasksTab');
  expect(console.error).toHaveBeenCalledWith(
    `[federação] notes foi construído para o contrato 2.0.0; este painel usa o contrato ${CONTRACT_VERSION} e aceita só 1.x.`,
  );
});

it("says a lib the page holds one of was refused (the federation runtime plugin's error)", async () => {
  const refused = Object.assign(new Error('host-bridge 2.0.0 × 1.0.0'), {
    code: 'INCOMPATIBLE_SHARED_LIB',
  });
  mockedLoadRemote.mockRejectedValueOnce(refused);
  render(<RemoteModule id="notes/NotesTab" label="Notas" props={{ dealId: 'd1' }} />);
  expect(
    await screen.findByText(
      'Este módulo foi publicado com uma versão incompatível com o painel aberto e não pode ser carregado agora. Tente novamente em instantes; se continuar, avise o administrador.',
    ),
  ).toBeInTheDocument();
  mockedLoadRemote.mockResolvedValueOnce({ default: NotesStub });
  await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
  expect(await screen.findByText('Notas da negociação d1')).toBeInTheDocument();
});

describe('following a deploy', () => {
  const deployed = (notes: string) => ({
    apiBaseUrl: 'http://api',
    remotes: { ...REMOTES, notes },
    hostOrigins: [],
    contracts: {},
    overrideOrigins: [],
  });

  it("a retry reads the runtime manifest again and loads the remote's newly deployed entry", async () => {
    const reread = jest.fn(async () => deployed('http://r/notes-1.1.0.json'));
    registerManifestRemotes(deployed('http://r/notes.json'), reread);
    mockedRegister.mockClear();
    mockedLoadRemote.mockRejectedValueOnce(new Error('remoteEntry.js 404'));
    render(<RemoteModule id="notes/NotesTab" label="Notas" props={{ dealId: 'd1' }} />);
    await screen.findByText('Não foi possível carregar este módulo.');
    expect(reread).not.toHaveBeenCalled();

    mockedLoadRemote.mockResolvedValueOnce({ default: NotesStub });
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Notas da negociação d1')).toBeInTheDocument();
    expect(reread).toHaveBeenCalledTimes(1);
    expect(mockedRegister).toHaveBeenCalledWith(
      [{ name: 'notes', entry: 'http://r/notes-1.1.0.json' }],
      { force: true },
    );
    expect(mockedRegister).not.toHaveBeenCalledWith(
      [{ name: 'notes', entry: 'http://r/notes.json' }],
      expect.anything(),
    );
  });

  it('a remote in use keeps the build it was loaded from, whatever was deployed since', async () => {
    const reread = jest.fn(async () => deployed('http://r/notes-1.1.0.json'));
    registerManifestRemotes(deployed('http://r/notes.json'), reread);
    mockedRegister.mockClear();
    mockedLoadRemote.mockResolvedValueOnce({ default: NotesStub });
    render(<RemoteModule id="notes/NotesTab" label="Notas" props={{ dealId: 'd1' }} />);
    await screen.findByText('Notas da negociação d1');
    // The note form of the same remote fails and is retried while the tab is open.
    mockedLoadRemote.mockRejectedValueOnce(new Error('chunk 502'));
    render(<RemoteModule id="notes/NoteCreateForm" label="Nova nota" props={{}} />);
    await screen.findByText('Não foi possível carregar este módulo.');
    mockedLoadRemote.mockResolvedValueOnce({ default: NotesStub });
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(mockedLoadRemote).toHaveBeenCalledTimes(3));
    expect(reread).not.toHaveBeenCalled();
    expect(mockedRegister).toHaveBeenCalledWith([{ name: 'notes', entry: 'http://r/notes.json' }], {
      force: true,
    });
    expect(mockedRegister).not.toHaveBeenCalledWith(
      [{ name: 'notes', entry: 'http://r/notes-1.1.0.json' }],
      expect.anything(),
    );
  });

  it('a remote first loaded a minute after the panel started reads the manifest again', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const reread = jest.fn(async () => deployed('http://r/notes-1.1.0.json'));
    registerManifestRemotes(deployed('http://r/notes.json'), reread);
    mockedRegister.mockClear();
    mockedLoadRemote.mockResolvedValue({ default: NotesStub });
    now.mockReturnValue(1_000_000 + 59_000);
    render(<RemoteModule id="tasks/TasksTab" label="Tarefas" props={{ dealId: 'd1' }} />);
    await screen.findByText('Notas da negociação d1');
    expect(reread).not.toHaveBeenCalled();

    now.mockReturnValue(1_000_000 + 60_000);
    render(<RemoteModule id="notes/NotesTab" label="Notas" props={{ dealId: 'd1' }} />);
    await waitFor(() => expect(screen.getAllByText('Notas da negociação d1')).toHaveLength(2));
    expect(reread).toHaveBeenCalledTimes(1);
    expect(mockedRegister).toHaveBeenCalledWith(
      [{ name: 'notes', entry: 'http://r/notes-1.1.0.json' }],
      { force: true },
    );
    now.mockRestore();
  });
});
