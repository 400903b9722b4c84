import { http, HttpResponse } from 'msw';
import { DEFAULT_NOVUS_MAPPING, type NovusDiagnosticsReport } from '@crm-panel/crm-model';
import { setupTestServer } from '@crm-panel/api-client/testing';
import { type NovusPanelAdapter } from '@crm-panel/host-bridge';
import { waitFor } from '@testing-library/react';
import { novusSyncRetryDelay, startNovusTenantSync } from './novusTenantSync';

const server = setupTestServer({ identity: null });

const REPORT: NovusDiagnosticsReport = {
  hostOrigin: 'https://acme.novuscrm.com.br',
  origins: { parameter: 'https://acme.novuscrm.com.br', referrer: null, ancestor: null },
  urlTenant: 'tenant-novus',
  userInfo: null,
  lastEvent: null,
  understood: {
    userId: null,
    systemKey: 'tenant-novus',
    attendanceId: null,
    channelId: null,
    contactId: null,
    phone: null,
  },
  unexpected: [],
};

/** The parts of the Novus adapter the sync uses, recorded. */
function fakeAdapter(
  role: 'panel' | 'modal',
  diagnostics: () => NovusDiagnosticsReport = () => REPORT,
) {
  const listeners = new Set<() => void>();
  const mappings: unknown[] = [];
  const failures: (() => void)[] = [];
  const adapter = {
    kind: 'novus',
    role,
    diagnostics,
    setMapping: (mapping: unknown) => mappings.push(mapping),
    mappingUnavailable: () => mappings.push('indisponível'),
    mappingFailed: (retry: () => void) => failures.push(retry),
    watchDiagnostics: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as NovusPanelAdapter;
  return { adapter, mappings, failures, changed: () => listeners.forEach((l) => l()) };
}

function recordWire() {
  const seen: string[] = [];
  const bodies: unknown[] = [];
  const mapping = {
    ...DEFAULT_NOVUS_MAPPING,
    contact: { ...DEFAULT_NOVUS_MAPPING.contact, phone: ['Fone'] },
  };
  server.use(
    http.get(`${server.baseURL}/api/novus/mapping`, ({ request }) => {
      seen.push(`GET ${new URL(request.url).search}`);
      return HttpResponse.json({ data: { mapping, custom: true } });
    }),
    http.post(`${server.baseURL}/api/novus/diagnostics`, async ({ request }) => {
      seen.push('POST');
      bodies.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { seen, bodies, mapping };
}

it("reads the tenant's mapping once and reports what the host sent, batched", async () => {
  const wire = recordWire();
  const { adapter, mappings, changed } = fakeAdapter('panel');
  const stop = startNovusTenantSync(adapter, { debounceMs: 50 });
  changed();
  changed();
  await waitFor(() => expect(wire.bodies).toHaveLength(1));
  expect(wire.seen).toEqual(['GET ?systemKey=tenant-novus', 'POST']);
  expect(wire.bodies[0]).toEqual({ systemKey: 'tenant-novus', report: REPORT });
  expect(mappings).toEqual([wire.mapping]);
  stop();
});

it('a modal page reads the mapping (its user info needs it) and reports nothing', async () => {
  const wire = recordWire();
  const { adapter, mappings, changed } = fakeAdapter('modal');
  const stop = startNovusTenantSync(adapter, { debounceMs: 0 });
  changed();
  await waitFor(() => expect(mappings).toEqual([wire.mapping]));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(wire.seen).toEqual(['GET ?systemKey=tenant-novus']);
  stop();
});

it('a refused mapping read lets the user info settle on the defaults at once', async () => {
  server.use(
    http.get(`${server.baseURL}/api/novus/mapping`, () =>
      HttpResponse.json({ message: 'Tenant desconhecido' }, { status: 404 }),
    ),
    http.post(
      `${server.baseURL}/api/novus/diagnostics`,
      () => new HttpResponse(null, { status: 204 }),
    ),
  );
  const { adapter, mappings } = fakeAdapter('panel');
  const errors: unknown[] = [];
  const stop = startNovusTenantSync(adapter, { debounceMs: 0, onError: (e) => errors.push(e) });
  await waitFor(() => expect(mappings).toEqual(['indisponível']));
  expect(errors).toHaveLength(1);
  stop();
});

describe('nothing fails in silence', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  /** Lets the pending requests and their answers run, moving the clock `ms` on. */
  const pass = (ms: number) => jest.advanceTimersByTimeAsync(ms);
  /**
   * Lets requests in flight settle without moving the clock (RTL's waitFor would move fake timers
   * on, and the waits are what these tests measure).
   */
  async function settled(check: () => void): Promise<void> {
    for (let i = 0; ; i += 1) {
      try {
        check();
        return;
      } catch (error) {
        if (i > 200) throw error;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }

  it("a failed mapping read tells the adapter and goes again after the api's Retry-After", async () => {
    const mapping = { ...DEFAULT_NOVUS_MAPPING, chatMessagesEndpoint: 'v1/chat/{chatId}' };
    const reads: string[] = [];
    server.use(
      http.get(`${server.baseURL}/api/novus/mapping`, () => {
        reads.push('GET');
        if (reads.length === 1)
          return HttpResponse.json(
            { message: 'Muitas requisições' },
            { status: 429, headers: { 'retry-after': '7' } },
          );
        if (reads.length === 2) return HttpResponse.json({ message: 'Falhou' }, { status: 503 });
        return HttpResponse.json({ data: { mapping, custom: true } });
      }),
      http.post(
        `${server.baseURL}/api/novus/diagnostics`,
        () => new HttpResponse(null, { status: 204 }),
      ),
    );
    const errors: unknown[] = [];
    const { adapter, mappings, failures } = fakeAdapter('modal');
    const stop = startNovusTenantSync(adapter, { onError: (e) => errors.push(e) });
    await pass(0);
    await settled(() => expect(failures).toHaveLength(1));
    expect(reads).toEqual(['GET']);
    // Retry-After: 7 s, not the 1 s of the doubling wait.
    await pass(6_900);
    expect(reads).toEqual(['GET']);
    await pass(200);
    await settled(() => expect(failures).toHaveLength(2));
    expect(reads).toEqual(['GET', 'GET']);
    // No Retry-After: 2 s (the second try's doubling wait).
    await pass(1_800);
    expect(reads).toHaveLength(2);
    await pass(200);
    await settled(() => expect(mappings).toEqual([mapping]));
    expect(reads).toHaveLength(3);
    expect(errors).toHaveLength(2);
    stop();
  });

  it('a mapping read that keeps failing settles the user info on the defaults after the third try, and reads on', async () => {
    const mapping = {
      ...DEFAULT_NOVUS_MAPPING,
      user: { ...DEFAULT_NOVUS_MAPPING.user, userId: ['codigoAtendente'] },
    };
    let reads = 0;
    server.use(
      http.get(`${server.baseURL}/api/novus/mapping`, () => {
        reads += 1;
        if (reads <= 3) return HttpResponse.json({ message: 'Falhou' }, { status: 503 });
        return HttpResponse.json({ data: { mapping, custom: true } });
      }),
    );
    const { adapter, mappings } = fakeAdapter('modal');
    const stop = startNovusTenantSync(adapter);
    await pass(0);
    await settled(() => expect(reads).toBe(1));
    // 1 s, then 2 s: two failures leave the user info waiting for the tenant's mapping.
    await pass(1_000);
    await settled(() => expect(reads).toBe(2));
    expect(mappings).toEqual([]);
    await pass(2_000);
    await settled(() => expect(mappings).toEqual(['indisponível']));
    expect(reads).toBe(3);
    await pass(4_000);
    await settled(() => expect(mappings).toEqual(['indisponível', mapping]));
    stop();
  });

  it("a refused mapping read (an unknown tenant) is not asked again by itself, only on the adapter's retry", async () => {
    let reads = 0;
    server.use(
      http.get(`${server.baseURL}/api/novus/mapping`, () => {
        reads += 1;
        return HttpResponse.json({ message: 'Tenant desconhecido' }, { status: 404 });
      }),
    );
    const { adapter, failures } = fakeAdapter('modal');
    const stop = startNovusTenantSync(adapter);
    await pass(0);
    await settled(() => expect(failures).toHaveLength(1));
    await pass(120_000);
    expect(reads).toBe(1);
    failures[0]?.();
    await pass(0);
    await settled(() => expect(reads).toBe(2));
    stop();
  });

  it('a failed report goes again, with the state of that moment', async () => {
    recordWire();
    const bodies: unknown[] = [];
    server.use(
      http.post(`${server.baseURL}/api/novus/diagnostics`, async ({ request }) => {
        bodies.push(await request.json());
        if (bodies.length === 1) return HttpResponse.json({ message: 'Falhou' }, { status: 502 });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    let state = REPORT;
    const { adapter } = fakeAdapter('panel', () => state);
    const stop = startNovusTenantSync(adapter, { debounceMs: 50 });
    await pass(60);
    await settled(() => expect(bodies).toHaveLength(1));
    state = { ...REPORT, urlTenant: 'tenant-novus', hostOrigin: 'https://outra.novuscrm.com.br' };
    await pass(1_100);
    await settled(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ systemKey: 'tenant-novus', report: state });
    await pass(60_000);
    expect(bodies).toHaveLength(2);
    stop();
  });
});

it('waits the Retry-After (at least 1 s), else 1 s doubling up to 30 s', () => {
  expect(novusSyncRetryDelay(1, new Error('rede'))).toBe(1_000);
  expect(novusSyncRetryDelay(3, new Error('rede'))).toBe(4_000);
  expect(novusSyncRetryDelay(9, new Error('rede'))).toBe(30_000);
});
