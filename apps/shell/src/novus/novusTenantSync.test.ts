import { http, HttpResponse } from 'msw';
import { DEFAULT_NOVUS_MAPPING, type NovusDiagnosticsReport } from '@crm-panel/crm-model';
import { setupTestServer } from '@crm-panel/api-client/testing';
import { type NovusPanelAdapter } from '@crm-panel/host-bridge';
import { waitFor } from '@testing-library/react';
import { startNovusTenantSync } from './novusTenantSync';

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
function fakeAdapter(role: 'panel' | 'modal') {
  const listeners = new Set<() => void>();
  const mappings: unknown[] = [];
  const adapter = {
    kind: 'novus',
    role,
    diagnostics: () => REPORT,
    setMapping: (mapping: unknown) => mappings.push(mapping),
    mappingUnavailable: () => mappings.push('indisponível'),
    watchDiagnostics: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as NovusPanelAdapter;
  return { adapter, mappings, changed: () => listeners.forEach((l) => l()) };
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

it('a mapping that cannot be read lets the user info settle on the defaults', async () => {
  server.use(
    http.get(`${server.baseURL}/api/novus/mapping`, () =>
      HttpResponse.json({ message: 'Erro interno.' }, { status: 500 }),
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
