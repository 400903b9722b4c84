import { render as rtlRender, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
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

function NotesStub({ dealId }: { dealId: string | null }) {
  return <p>Notas da negociação {dealId}</p>;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  registerManifestRemotes({
    apiBaseUrl: 'http://api',
    remotes: {
      deal: 'http://r/deal.json',
      notes: 'http://r/notes.json',
      tasks: 'http://r/tasks.json',
      products: 'http://r/products.json',
      contacts: 'http://r/contacts.json',
      credentials: 'http://r/credentials.json',
    },
    hostOrigins: [],
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
