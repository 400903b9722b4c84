import {
  BASELINE_STORAGE_KEY,
  fetchRuntimeManifest,
  parseRuntimeManifest,
  readBaselineMode,
  RuntimeManifestError,
} from './runtimeManifest';

const remotes = {
  deal: 'http://cdn/deal/mf-manifest.json',
  notes: 'http://cdn/notes/mf-manifest.json',
  tasks: 'http://cdn/tasks/mf-manifest.json',
  products: 'http://cdn/products/mf-manifest.json',
  contacts: 'http://cdn/contacts/mf-manifest.json',
  credentials: 'http://cdn/credentials/mf-manifest.json',
};

describe('runtime manifest', () => {
  it('accepts a manifest with the api and every remote', () => {
    expect(parseRuntimeManifest({ apiBaseUrl: 'http://api', remotes })).toEqual({
      apiBaseUrl: 'http://api',
      remotes,
      hostOrigins: [],
    });
    expect(
      parseRuntimeManifest({ apiBaseUrl: 'http://api', remotes, hostOrigins: ['http://host'] })
        .hostOrigins,
    ).toEqual(['http://host']);
  });

  it('names the missing remote', () => {
    const { notes: _notes, ...withoutNotes } = remotes;
    expect(() => parseRuntimeManifest({ apiBaseUrl: 'http://api', remotes: withoutNotes })).toThrow(
      'O manifesto de módulos não informa o endereço de "notes".',
    );
  });

  it('refuses a manifest without apiBaseUrl', () => {
    expect(() => parseRuntimeManifest({ remotes })).toThrow(RuntimeManifestError);
  });

  it('reads runtime-config.json beside the page, never from the cache', async () => {
    const fetchImpl = jest.fn(
      async () => new Response(JSON.stringify({ apiBaseUrl: 'http://api', remotes })),
    );
    await fetchRuntimeManifest('http://panel.example/app/', fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).toHaveBeenCalledWith('http://panel.example/app/runtime-config.json', {
      cache: 'no-store',
    });
  });

  it('fails clearly when the manifest is not served', async () => {
    const fetchImpl = jest.fn(async () => new Response('', { status: 404 }));
    await expect(
      fetchRuntimeManifest('http://panel.example/', fetchImpl as unknown as typeof fetch),
    ).rejects.toThrow('O manifesto de módulos respondeu 404.');
  });
});

describe('benchmark baseline flag', () => {
  const visit = (pathAndQuery: string) => window.history.replaceState(null, '', pathAndQuery);

  beforeEach(() => {
    window.sessionStorage.clear();
    visit('/');
  });

  it('is off by default', () => {
    expect(readBaselineMode(window)).toBeNull();
  });

  it('?baseline=sequential turns it on and is remembered after navigation drops the query', () => {
    visit('/?hostSdk=http%3A%2F%2Fhost%2Fsdk.js&baseline=sequential');
    expect(readBaselineMode(window)).toBe('sequential');
    expect(window.sessionStorage.getItem(BASELINE_STORAGE_KEY)).toBe('sequential');

    visit('/contact-linking');
    expect(readBaselineMode(window)).toBe('sequential');
  });

  it('any other value turns it off and forgets it', () => {
    visit('/?baseline=sequential');
    readBaselineMode(window);

    visit('/?baseline=off');
    expect(readBaselineMode(window)).toBeNull();
    visit('/');
    expect(readBaselineMode(window)).toBeNull();
    expect(window.sessionStorage.getItem(BASELINE_STORAGE_KEY)).toBeNull();
  });

  it('blocked storage: the URL still counts, nothing is remembered', () => {
    const blocked = (search: string) => ({
      location: { ...window.location, search },
      get sessionStorage(): Storage {
        throw new DOMException('bloqueado', 'SecurityError');
      },
    });
    expect(readBaselineMode(blocked('?baseline=sequential'))).toBe('sequential');
    expect(readBaselineMode(blocked(''))).toBeNull();
  });
});
