import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  createModuleServer,
  DEFAULT_MODULE_ROOTS,
  ModuleNotFoundError,
  type ModuleRoots,
} from './assets/moduleServer';
import { createIdentityIssuer, JWKS_PATH, type IdentityIssuer } from './identity/issuer';
import { renderPage } from './page';
import { ATTENDANCES, findAttendance } from './world/attendances';
import { CHANNELS } from './world/channels';
import { ChatStore } from './world/ChatStore';
import { findIdentity, IDENTITIES, TENANTS } from './world/identities';
import { PANEL_FRAME_NAME, UNEXPECTED_ORIGIN_PATH } from './client/config';
import { type HostSimPageConfig, type IntegrationMode, type SimAttendance } from './world/types';

export const DEFAULT_PORT = 4300;
export const DEFAULT_PANEL_URL = 'http://localhost:4200';
export const DEFAULT_API_URL = 'http://localhost:3333';
export const SDK_PATH = '/sdk/crm-panel-host.js';
/**
 * The host page's own endpoint for a fresh identity assertion of its current attendant (the
 * panel never calls it: it asks the page through the SDK or the postMessage protocol).
 */
export const ASSERTION_PATH = '/__host/assertion';
/** Longest text an attendant may send from the simulator's composer. */
export const MAX_COMPOSED_TEXT = 2000;

export interface HostSimOptions {
  /** Default 4300; tests pass 0 (a free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The panel (the shell) the page embeds. */
  panelUrl?: string;
  /** The panel's backend, shown on the page for reference. */
  apiUrl?: string;
  /** Integration the page starts with when its URL has no ?modo=. Default 'global'. */
  defaultMode?: IntegrationMode;
  /** Seeded messages are dated relative to this instant (ms). Default: now. */
  seedTime?: number;
  /** Clock for messages typed in the simulator and for the identity assertions' iat/exp. */
  now?: () => number;
  /**
   * Private Ed25519 JWK file of the identity issuer (HOST_SIM_KEY_FILE): loaded when it exists,
   * else created. Default: a new key at every start.
   */
  keyFile?: string;
  logger?: boolean;
  /** Extra folders served as browser modules (tests serve their own panel page this way). */
  moduleRoots?: ModuleRoots;
}

export interface RunningHostSim {
  url: string;
  close(): Promise<void>;
}

const CLIENT_DIR = path.join(__dirname, 'client');

interface ChatParams {
  chatId: string;
}
interface ChatQuery {
  channelId?: string;
}
interface ComposeBody {
  text?: unknown;
}
interface AssertionBody {
  userId?: unknown;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.trim() !== '' ? text.trim() : undefined;
}

/**
 * The assertion endpoint is for the host page itself: a browser request from another origin (the
 * panel's, say) is refused. Requests without an Origin (tests, curl) are the simulator's own.
 */
function isOwnOrigin(request: FastifyRequest): boolean {
  const origin = header(request, 'origin');
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * The tenant checks shared by the public chat API and the simulator's own endpoints. Sends the
 * error and returns null when the request may not read this attendance.
 */
function authorizeAttendance(
  request: FastifyRequest,
  reply: FastifyReply,
  chatId: string,
): SimAttendance | null {
  const systemKey = header(request, 'x-system-key');
  if (!systemKey) {
    void reply.code(401).send({ message: 'Cabeçalho x-system-key ausente' });
    return null;
  }
  const found = findAttendance(chatId);
  if (!found) {
    void reply.code(404).send({ message: 'Atendimento não encontrado' });
    return null;
  }
  if (found.tenant !== systemKey) {
    void reply.code(403).send({ message: 'Acesso negado: o atendimento é de outra empresa' });
    return null;
  }
  return found;
}

export function buildHostSim(options: HostSimOptions = {}): FastifyInstance {
  const panelUrl = (options.panelUrl ?? DEFAULT_PANEL_URL).replace(/\/+$/, '');
  const apiUrl = (options.apiUrl ?? DEFAULT_API_URL).replace(/\/+$/, '');
  const now = options.now ?? Date.now;
  const store = new ChatStore(options.seedTime ?? now());
  const modules = createModuleServer({ ...DEFAULT_MODULE_ROOTS, ...options.moduleRoots });
  const issuer: Promise<IdentityIssuer> = createIdentityIssuer({ keyFile: options.keyFile, now });
  // Marked handled here; a bad key file still fails the server's start (onReady below).
  issuer.catch(() => undefined);
  const pageConfig: HostSimPageConfig = {
    panelUrl,
    apiUrl,
    sdkPath: SDK_PATH,
    assertionPath: ASSERTION_PATH,
    defaultMode: options.defaultMode ?? 'global',
    identities: [...IDENTITIES],
    attendances: [...ATTENDANCES],
    channels: { ...CHANNELS },
  };

  const app = Fastify({ logger: options.logger ?? false });
  app.addHook('onReady', async () => {
    await issuer;
  });

  app.get('/', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderPage(pageConfig)),
  );

  app.get('/health', async () => ({ status: 'ok' }));
  // Novus mode, `?origemExtra=1`: a page at another origin (the other loopback name) posting a
  // Novus-like callback to the panel frame, as a stray script of another site could; the panel
  // must not act on it and must report it (host-bridge README, 'Novus CRM').
  app.get(UNEXPECTED_ORIGIN_PATH, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><meta charset="utf-8"><script>
const alvo = parent.frames[${JSON.stringify(PANEL_FRAME_NAME)}];
if (alvo) alvo.postMessage({ command: 'callback', callbackId: 'aoAbrirAtendimento-1',
  payload: { contato: { id: 'contato-intruso', nome: 'Intruso' } } }, '*');
</script>`,
      ),
  );
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).send());

  app.get('/assets/styles.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(fs.readFileSync(path.join(CLIENT_DIR, 'styles.css'), 'utf8')),
  );

  app.get(SDK_PATH, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('access-control-allow-origin', '*')
      .send(modules.classicScript(path.join(CLIENT_DIR, 'sdk.ts'))),
  );

  app.get('/modules/*', async (request, reply) => {
    try {
      const code = modules.module(request.url.split('?')[0] ?? '');
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(code);
    } catch (error) {
      if (error instanceof ModuleNotFoundError) {
        return reply.code(404).send({ message: `Módulo não encontrado: ${error.message}` });
      }
      throw error;
    }
  });

  // Identity: the public keys the panel's backend verifies assertions with (README, 'Identity
  // assertions'), and the page's own endpoint that signs one for its current attendant.
  app.get(JWKS_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .header('access-control-allow-origin', '*')
      .send((await issuer).jwks()),
  );

  app.post<{ Body: AssertionBody }>(ASSERTION_PATH, async (request, reply) => {
    if (!isOwnOrigin(request)) {
      return reply.code(403).send({ message: 'Origem não permitida' });
    }
    const userId = typeof request.body?.userId === 'string' ? request.body.userId : undefined;
    const identity = findIdentity(userId);
    if (!identity) return reply.code(404).send({ message: 'Atendente não encontrado' });
    void reply.header('cache-control', 'no-store');
    // A tenant whose platform does not sign gets no assertion (the panel uses the CRM sign-in).
    if (!TENANTS[identity.systemKey]?.signsIdentity) return { assertion: null };
    return { assertion: await (await issuer).sign(identity) };
  });

  // The chat-messages API the panel's backend reads (see README): the host's contract.
  app.get<{ Params: ChatParams; Querystring: ChatQuery }>(
    '/api/chat/:chatId/messages',
    async (request, reply) => {
      const found = authorizeAttendance(request, reply, request.params.chatId);
      if (!found) return reply;
      const channelId = request.query.channelId?.trim();
      if (!channelId) {
        return reply.code(400).send({ message: 'Parâmetro channelId obrigatório' });
      }
      if (found.attendance.canalId !== channelId) {
        return reply.code(404).send({ message: 'Atendimento não encontrado neste canal' });
      }
      return { messages: store.listPublic(request.params.chatId) };
    },
  );

  // The simulator's own chat view: messages with their media kind, and the composer.
  app.get<{ Params: ChatParams }>(
    '/sim/api/attendances/:chatId/messages',
    async (request, reply) => {
      if (!authorizeAttendance(request, reply, request.params.chatId)) return reply;
      return { messages: store.list(request.params.chatId) };
    },
  );

  app.post<{ Params: ChatParams; Body: ComposeBody }>(
    '/sim/api/attendances/:chatId/messages',
    async (request, reply) => {
      const found = authorizeAttendance(request, reply, request.params.chatId);
      if (!found) return reply;
      const identity = findIdentity(header(request, 'x-user-id'));
      if (!identity || identity.systemKey !== found.tenant) {
        return reply.code(403).send({ message: 'Atendente não pertence a esta empresa' });
      }
      const text = typeof request.body?.text === 'string' ? request.body.text.trim() : '';
      if (!text || text.length > MAX_COMPOSED_TEXT) {
        return reply.code(400).send({ message: 'Mensagem vazia ou longa demais' });
      }
      const message = store.addAttendantText(request.params.chatId, identity.name, text, now());
      return reply.code(201).send({ message });
    },
  );

  return app;
}

export async function startHostSim(options: HostSimOptions = {}): Promise<RunningHostSim> {
  const app = buildHostSim(options);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? DEFAULT_PORT, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host}:${port}`,
    close: () => app.close(),
  };
}
