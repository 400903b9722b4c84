import { loadHostSdk } from './loadHostSdk';

const SDK = 'http://localhost:4300/sdk/crm-panel-host.js';

function sdkScripts(): HTMLScriptElement[] {
  return [...document.head.querySelectorAll('script')];
}

afterEach(() => {
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
  delete (window as unknown as Record<string, unknown>).CrmPanelHost;
});

describe('loadHostSdk', () => {
  it('does nothing when the panel URL names no SDK', async () => {
    await expect(
      loadHostSdk(window, { allowedOrigins: ['http://localhost:4300'] }),
    ).resolves.toEqual({
      status: 'absent',
    });
    expect(sdkScripts()).toHaveLength(0);
  });

  it('refuses an SDK from an origin that is not allow-listed', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.history.replaceState(
      null,
      '',
      `/?hostSdk=${encodeURIComponent('https://evil.example.com/sdk.js')}`,
    );
    await expect(
      loadHostSdk(window, { allowedOrigins: ['http://localhost:4300'] }),
    ).resolves.toEqual({
      status: 'rejected',
      url: 'https://evil.example.com/sdk.js',
    });
    expect(sdkScripts()).toHaveLength(0);
    warn.mockRestore();
  });

  it('loads an allow-listed SDK with a script tag and waits for it', async () => {
    window.history.replaceState(null, '', `/?hostSdk=${encodeURIComponent(SDK)}`);
    const loading = loadHostSdk(window, { allowedOrigins: ['http://localhost:4300'] });
    const [script] = sdkScripts();
    expect(script?.src).toBe(SDK);
    script?.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toEqual({ status: 'loaded', url: SDK });
  });

  it('reports an SDK that fails to load', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    window.history.replaceState(null, '', `/?hostSdk=${encodeURIComponent(SDK)}`);
    const loading = loadHostSdk(window, { allowedOrigins: ['http://localhost:4300'] });
    sdkScripts()[0]?.dispatchEvent(new Event('error'));
    await expect(loading).resolves.toEqual({ status: 'failed', url: SDK });
    expect(error).toHaveBeenCalledWith(
      `Não foi possível carregar o SDK do sistema de atendimento: ${SDK}`,
    );
    error.mockRestore();
  });
});
