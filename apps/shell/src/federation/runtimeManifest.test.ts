import {
  fetchRuntimeManifest,
  parseRuntimeManifest,
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
      contracts: {},
      overrideOrigins: [],
    });
    expect(
      parseRuntimeManifest({ apiBaseUrl: 'http://api', remotes, hostOrigins: ['http://host'] })
        .hostOrigins,
    ).toEqual(['http://host']);
  });

  it('reads the contract each remote was built for, and refuses one that is not text', () => {
    expect(
      parseRuntimeManifest({ apiBaseUrl: 'http://api', remotes, contracts: { notes: '1.2.0' } })
        .contracts,
    ).toEqual({ notes: '1.2.0' });
    expect(() =>
      parseRuntimeManifest({ apiBaseUrl: 'http://api', remotes, contracts: { notes: 2 } }),
    ).toThrow('O manifesto de módulos tem contracts inválido.');
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
