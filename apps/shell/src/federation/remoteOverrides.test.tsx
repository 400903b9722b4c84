import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PanelThemeProvider } from '@crm-panel/ui';
import { REMOTE_NAMES, type RuntimeManifest } from '@crm-panel/contracts';
import { RemoteOverridesBanner } from './RemoteOverridesBanner';
import {
  applyRemoteOverrides,
  clearRemoteOverrides,
  OVERRIDES_KEY,
  readRemoteOverrides,
} from './remoteOverrides';

const ALLOWED = ['http://localhost:4202', 'https://preview.crm.example'];

function storageWith(value: string | null) {
  const items = new Map<string, string>();
  if (value !== null) items.set(OVERRIDES_KEY, value);
  return {
    getItem: (key: string) => items.get(key) ?? null,
    removeItem: (key: string) => void items.delete(key),
  };
}

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('remote overrides', () => {
  it('honours an override whose origin the operator allows', () => {
    const storage = storageWith(
      JSON.stringify({ notes: 'http://localhost:4202/mf-manifest.json' }),
    );
    expect(readRemoteOverrides(storage, ALLOWED)).toEqual([
      { remote: 'notes', entry: 'http://localhost:4202/mf-manifest.json' },
    ]);
  });

  it('ignores an origin the operator does not allow, and says so in the console', () => {
    const storage = storageWith(
      JSON.stringify({
        notes: 'https://evil.example/mf-manifest.json',
        tasks: 'https://preview.crm.example/tasks/1.2.0/mf-manifest.json',
      }),
    );
    expect(readRemoteOverrides(storage, ALLOWED)).toEqual([
      { remote: 'tasks', entry: 'https://preview.crm.example/tasks/1.2.0/mf-manifest.json' },
    ]);
    expect(console.warn).toHaveBeenCalledWith(
      '[federação] substituição de notes por https://evil.example/mf-manifest.json ignorada: origem não permitida.',
    );
  });

  it('honours nothing when the operator allows no origin', () => {
    const storage = storageWith(
      JSON.stringify({ notes: 'http://localhost:4202/mf-manifest.json' }),
    );
    expect(readRemoteOverrides(storage, [])).toEqual([]);
  });

  it('ignores what is not JSON, an unknown remote, an entry that is not a URL or not text', () => {
    expect(readRemoteOverrides(storageWith('{notes:'), ALLOWED)).toEqual([]);
    expect(
      readRemoteOverrides(
        storageWith(
          JSON.stringify({ agenda: 'http://localhost:4202/x.json', deal: 'localhost', tasks: 3 }),
        ),
        ALLOWED,
      ),
    ).toEqual([]);
    expect(readRemoteOverrides(null, ALLOWED)).toEqual([]);
  });

  it('is read from localStorage only: the page URL carries no override', () => {
    window.history.replaceState(
      null,
      '',
      `/?${OVERRIDES_KEY}=${encodeURIComponent(JSON.stringify({ notes: 'http://localhost:4202/m.json' }))}`,
    );
    expect(readRemoteOverrides(storageWith(null), ALLOWED)).toEqual([]);
  });

  it('points the overridden remote at its entry, its deployed contract no longer known', () => {
    const manifest: RuntimeManifest = {
      apiBaseUrl: 'http://api',
      remotes: Object.fromEntries(
        REMOTE_NAMES.map((name) => [name, `http://r/${name}.json`]),
      ) as RuntimeManifest['remotes'],
      hostOrigins: [],
      contracts: { notes: '1.0.0', tasks: '1.0.0' },
      overrideOrigins: ALLOWED,
    };
    const applied = applyRemoteOverrides(manifest, [
      { remote: 'notes', entry: 'http://localhost:4202/mf-manifest.json' },
    ]);
    expect(applied.remotes.notes).toBe('http://localhost:4202/mf-manifest.json');
    expect(applied.remotes.tasks).toBe('http://r/tasks.json');
    expect(applied.contracts).toEqual({ tasks: '1.0.0' });
  });

  it('shows a banner while an override is active, with a way to end it', async () => {
    const storage = storageWith(JSON.stringify({ notes: 'http://localhost:4202/m.json' }));
    const onClear = jest.fn(() => clearRemoteOverrides(storage));
    const overrides = readRemoteOverrides(storage, ALLOWED);
    const { rerender } = render(
      <PanelThemeProvider>
        <RemoteOverridesBanner overrides={overrides} onClear={onClear} />
      </PanelThemeProvider>,
    );
    expect(screen.getByRole('status', { name: 'Substituição de módulos ativa' })).toHaveTextContent(
      'Substituição ativa neste navegador: notes vem de http://localhost:4202/m.json.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remover substituições' }));
    expect(onClear).toHaveBeenCalled();
    expect(readRemoteOverrides(storage, ALLOWED)).toEqual([]);
    rerender(
      <PanelThemeProvider>
        <RemoteOverridesBanner overrides={[]} onClear={onClear} />
      </PanelThemeProvider>,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
