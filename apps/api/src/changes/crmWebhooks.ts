import { randomUUID } from 'node:crypto';
import { type FastifyBaseLogger } from 'fastify';
import { formatDateTimeIn } from '@crm-panel/format';
import { type CrmClient, CrmRefusal } from '@api/crm/crmClient';
import { namedFieldOf } from '@api/crm/crmRefusal';
import { ApiError } from '@api/errors';
import { type PageSizeContext, type PageSizes } from '@api/crm/pageSizes';
import {
  type CheckRefusal,
  type StoredCheck,
  type WebhookReceiversRepository,
} from '@api/db/repositories/webhookReceiversRepository';
import { type Identity } from '@api/db/repositories/sessionsRepository';
import { type ChangedRecordType, type ChangeAction, type RecordChange } from './recordChange';

/**
 * The RD Station events the panel listens to (crm-v2-create-webhook's `event_name` enum). RD has
 * no note event and no deal-product event; a deal product's change reaches the panel as the
 * deal's update (crm-sandbox README, Webhooks) or through the panel's own writes. Catalogue
 * products, sources, campaigns and lost reasons show no record of a deal on screen.
 */
export const CRM_WEBHOOK_EVENTS = [
  'crm_deal_updated',
  'crm_deal_deleted',
  'crm_contact_updated',
  'crm_task_created',
  'crm_task_updated',
  'crm_task_deleted',
] as const;

/** Where RD delivers: this path, then the tenant's token. */
export const WEBHOOK_RECEIVER_PATH = '/api/webhooks/rdstation';

/** The name each registration carries in the CRM's webhook list. */
export const WEBHOOK_NAME = 'Painel CRM (atualizações ao vivo)';

/**
 * More webhooks than any account has: a CRM that never ends its list is not followed. 20 pages
 * even at RD's default page size (20), whatever size the tenant's CRM takes.
 */
const MAX_WEBHOOKS = 400;

interface CrmWebhook {
  id: string;
  event_name: string;
  url: string;
  /** crm-v2-list-webhooks: "status string enum Status do webhook. active suspended inactive". */
  status?: unknown;
}

const isWebhook = (value: unknown): value is CrmWebhook => {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.id === 'string' &&
    typeof record.event_name === 'string' &&
    typeof record.url === 'string'
  );
};

/** A webhook that delivers: `active`, or no status at all (a CRM that does not say). */
const delivers = (hook: CrmWebhook): boolean =>
  hook.status === undefined || hook.status === 'active';

/**
 * Whether a listed webhook is one this api registered for the tenant: its receiver path with the
 * tenant's token, at whatever origin (an API_PUBLIC_URL since changed included). The token is
 * unguessable and per tenant, so another tenant's or another installation's webhooks in the same
 * account are never taken for ours.
 */
const isOurs = (hook: CrmWebhook, token: string): boolean => {
  try {
    return new URL(hook.url).pathname.endsWith(`${WEBHOOK_RECEIVER_PATH}/${token}`);
  } catch {
    return false;
  }
};

/**
 * Why a tenant's live updates from the CRM are off (null: on).
 * - `disabled`: CRM_WEBHOOKS=off on this server;
 * - `public_url`: API_PUBLIC_URL is no public https address, which RD needs ("Possuir certificado
 *   de segurança (HTTPS)", crm-v2-webhooks);
 * - `not_registered`: no CRM sign-in of the tenant has registered them yet;
 * - `sign_in_needed`: no sign-in of the tenant whose token the CRM still takes;
 * - `refused`: the CRM refused to list or create them (its answer is kept and shown);
 * - `unavailable`: the CRM did not answer the check (busy, down, too slow);
 * - `suspended`: RD suspended them ("Suspensão de webhooks") and making them again failed;
 * - `suspended_recreated`: RD suspended them, they were made again, and no delivery has arrived
 *   since: RD suspends an endpoint whose deliveries keep failing, so until one arrives nothing
 *   says the cause is gone.
 */
export type LiveUpdatesReason =
  | 'disabled'
  | 'public_url'
  | 'not_registered'
  | 'sign_in_needed'
  | 'refused'
  | 'unavailable'
  | 'suspended'
  | 'suspended_recreated';

export const LIVE_UPDATES_REASONS: readonly LiveUpdatesReason[] = [
  'disabled',
  'public_url',
  'not_registered',
  'sign_in_needed',
  'refused',
  'unavailable',
  'suspended',
  'suspended_recreated',
];

export interface LiveUpdatesStatus {
  on: boolean;
  reason: LiveUpdatesReason | null;
  /** Epoch ms of the last check against the CRM, null when none was made. */
  checkedAt: number | null;
  /** When a check last found RD had suspended them (and made them again); null: never. */
  suspendedAt?: number | null;
  /** The CRM's answer to the last check, when it refused it or did not answer. */
  refusal?: CheckRefusal | null;
}

/**
 * RD suspended them, they were made again (`at`, Brasília time, when known), nothing has arrived
 * since: what to check (`address`, the receiver's without its token).
 */
function suspendedRecreatedTexts(
  at: string | null,
  address: string,
): { message: string; action: string } {
  return {
    message: `Atualizações ao vivo do RD Station CRM: sem confirmação. O RD Station CRM suspendeu os avisos (webhooks) porque as entregas a este servidor falhavam; o painel os recriou${at ? ` em ${at}` : ''}, e nenhuma entrega chegou desde então.`,
    action: `Confira se ${address} está acessível pela internet e responde 2xx em até 5 s. Este alerta some quando a próxima entrega chegar (por exemplo, ao alterar uma negociação no RD Station CRM).`,
  };
}

/** What a person reads about each state (pt-BR): what is happening, and what they can do. */
export const LIVE_UPDATES_TEXTS: Record<
  LiveUpdatesReason | 'on',
  { message: string; action: string }
> = {
  on: {
    message: 'Atualizações ao vivo do RD Station CRM: ligadas.',
    action: '',
  },
  disabled: {
    message: 'Atualizações ao vivo do RD Station CRM: desligadas neste servidor.',
    action: 'Peça ao responsável pelo servidor do painel para ligá-las (CRM_WEBHOOKS).',
  },
  public_url: {
    message:
      'Atualizações ao vivo do RD Station CRM: desligadas. O endereço público do servidor do painel não é um endereço https acessível pela internet, e o RD Station CRM só envia avisos para endereços assim.',
    action:
      'Peça ao responsável pelo servidor para configurar API_PUBLIC_URL com o endereço https público do painel e reiniciá-lo.',
  },
  not_registered: {
    message: 'Atualizações ao vivo do RD Station CRM: aguardando o primeiro login no CRM.',
    action: 'Faça login no RD Station CRM pelo painel para ligá-las.',
  },
  sign_in_needed: {
    message:
      'Atualizações ao vivo do RD Station CRM: desligadas. Nenhum login no CRM desta conta continua válido.',
    action: 'Faça login no RD Station CRM pelo painel novamente.',
  },
  refused: {
    message:
      'Atualizações ao vivo do RD Station CRM: desligadas. O RD Station CRM recusou o cadastro dos avisos (webhooks).',
    action:
      'Confira se o usuário que fez login pode gerenciar webhooks na conta do RD Station CRM e faça login novamente.',
  },
  unavailable: {
    message:
      'Atualizações ao vivo do RD Station CRM: sem confirmação. O RD Station CRM não respondeu quando o painel conferiu os avisos (webhooks).',
    action:
      'Nada a fazer se passar: o painel confere os avisos de novo a cada hora e a cada login no CRM.',
  },
  suspended: {
    message:
      'Atualizações ao vivo do RD Station CRM: suspensas pelo RD Station CRM, e não foi possível recriá-las.',
    action:
      'Confira se o servidor do painel está acessível pela internet; o painel tenta recriá-las a cada hora e a cada login.',
  },
  suspended_recreated: suspendedRecreatedTexts(null, 'o endereço dos avisos'),
};

/** The clock an operator in Brazil reads the dates of these texts on. */
const TEXTS_TIME_ZONE = 'America/Sao_Paulo';

/** A 400/422 whose items name the webhook's `url`: the address, not the permissions, is at fault. */
const refusesUrl = (refusal: CheckRefusal): boolean =>
  (refusal.status === 400 || refusal.status === 422) && /\burl\b/i.test(refusal.detail);

/** The action that fits what the CRM answered a refused check. */
function refusedAction(refusal: CheckRefusal | null, publicUrl: string | undefined): string {
  const at = publicUrl ? ` (${publicUrl})` : '';
  if (refusal && refusesUrl(refusal))
    return `Peça ao responsável pelo servidor para conferir API_PUBLIC_URL${at}: o RD Station CRM só aceita avisos para um endereço https público. Depois, faça login no RD Station CRM pelo painel novamente.`;
  if (refusal?.status === 400 || refusal?.status === 422)
    return 'O RD Station CRM recusou um dado que o painel envia ao cadastrar os avisos: informe a resposta acima ao suporte do painel.';
  if (refusal?.status === 404)
    return 'Peça ao responsável pelo servidor para conferir o endereço do RD Station CRM (CRM_BASE_URL).';
  return LIVE_UPDATES_TEXTS.refused.action;
}

const answerOf = (refusal: CheckRefusal): string =>
  ` Resposta do RD Station CRM (${refusal.status}): ${refusal.detail}`;

/**
 * The state as the panel and the health answer show it. With `publicUrl` (the tenant's own
 * answer, never the public health one) the texts name the address and the CRM's answer.
 */
export function liveUpdatesInfo(
  status: Pick<LiveUpdatesStatus, 'on' | 'reason' | 'suspendedAt' | 'refusal'>,
  publicUrl?: string,
): {
  on: boolean;
  reason: LiveUpdatesReason | null;
  message: string;
  action: string;
} {
  const texts = LIVE_UPDATES_TEXTS[status.reason ?? 'on'];
  const refusal = publicUrl === undefined ? null : (status.refusal ?? null);
  let { message, action } = texts;
  if (status.reason === 'refused') action = refusedAction(refusal, publicUrl);
  if (
    refusal &&
    (status.reason === 'refused' ||
      status.reason === 'unavailable' ||
      status.reason === 'suspended')
  )
    message += answerOf(refusal);
  if (publicUrl !== undefined && status.reason === 'public_url')
    message += ` (API_PUBLIC_URL: ${publicUrl})`;
  if (publicUrl !== undefined && status.reason === 'suspended_recreated') {
    const at = status.suspendedAt ? formatDateTimeIn(status.suspendedAt, TEXTS_TIME_ZONE) : null;
    ({ message, action } = suspendedRecreatedTexts(at, `${publicUrl}${WEBHOOK_RECEIVER_PATH}/…`));
  }
  return { on: status.on, reason: status.reason, message, action };
}

/**
 * The health answer's live updates: the server's state, how many configured tenants are in each
 * state (no tenant named, nothing secret), and whether some are off while others are on
 * (`degraded`). Off when the server cannot receive RD's deliveries, or when no tenant has them
 * on: then the reason most tenants share (`not_registered` with no tenant at all).
 */
export async function serverLiveUpdates(
  webhooks: Pick<CrmWebhooks, 'serverProblem' | 'tenantCounts'>,
): Promise<
  ReturnType<typeof liveUpdatesInfo> & { degraded: boolean; tenants: LiveUpdatesCounts | null }
> {
  const problem = webhooks.serverProblem();
  const tenants = await webhooks.tenantCounts();
  if (problem || !tenants)
    return { ...liveUpdatesInfo({ on: false, reason: problem }), degraded: false, tenants };
  const total = Object.values(tenants).reduce((sum, count) => sum + count, 0);
  if (tenants.on === 0) {
    const reason = LIVE_UPDATES_REASONS.reduce<LiveUpdatesReason>(
      (most, candidate) => (tenants[candidate] > tenants[most] ? candidate : most),
      'not_registered',
    );
    return { ...liveUpdatesInfo({ on: false, reason }), degraded: false, tenants };
  }
  if (tenants.on === total)
    return { ...liveUpdatesInfo({ on: true, reason: null }), degraded: false, tenants };
  return {
    on: true,
    reason: null,
    message: `Atualizações ao vivo do RD Station CRM: ligadas em ${tenants.on} de ${total} empresas.`,
    action: 'Cada empresa vê no gerenciador de credenciais por que as suas estão desligadas.',
    degraded: true,
    tenants,
  };
}

/**
 * Why API_PUBLIC_URL cannot receive RD's webhooks, or null. When it is checked (in production, and
 * whenever the CRM is not on this machine: the real RD) it must be https on a name or public
 * address: RD delivers only to HTTPS, and a loopback or private address is reachable from this
 * machine alone. Against a CRM on loopback (the sandbox) anything goes.
 */
export function publicUrlProblem(publicUrl: string, checked: boolean): boolean {
  if (!checked) return false;
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return true;
  }
  if (url.protocol !== 'https:') return true;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host === '::1' ||
    /^(?:127|10|0)\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(?:1[6-9]|2\d|3[01])\./.test(host) ||
    /^169\.254\./.test(host) ||
    /^f[cd][0-9a-f]{2}:/.test(host) ||
    /^fe80:/.test(host)
  );
}

export interface CrmWebhooksDeps {
  crm: CrmClient;
  receivers: WebhookReceiversRepository;
  /** The tenant's latest CRM sign-in: whose token keeps the webhooks on between sign-ins. */
  latestSignIn(systemKey: string): Promise<Identity | null>;
  /** The tenant's `page[size]` (the webhook list pages like every other list). */
  pageSizes: PageSizes;
  log: PageSizeContext['log'] & Pick<FastifyBaseLogger, 'info'>;
  /** The api's origin the CRM can reach (`API_PUBLIC_URL`). */
  publicUrl: string;
  /**
   * Whether API_PUBLIC_URL must be public https (publicUrlProblem): in production, and whenever the
   * CRM is not on a loopback address.
   */
  checkPublicUrl: boolean;
  /** CRM_WEBHOOKS: off means no registration at all. */
  enabled: boolean;
  now: () => number;
  /**
   * How long a tenant's registrations, once found on by a check (any process's), are not checked
   * again at a sign-in: every sign-in re-checking them would spend the tenant's 120 CRM calls a
   * minute on webhooks.
   */
  recheckMs: number;
}

export interface CrmWebhooks {
  /** The tenant's receiver URL (created on first use). */
  receiverUrl(systemKey: string): Promise<string>;
  /**
   * One active webhook per event of CRM_WEBHOOK_EVENTS to the tenant's receiver, made with
   * `identity`'s token: the CRM's list is read and only what is missing is created; those already
   * active (same event in any case, same URL) are left alone, a second active one of the same
   * event is deleted, suspended or inactive ones are deleted and made again. One api process at a
   * time checks a tenant (a lease in the store): a process that finds another checking leaves it
   * to that one. Returns what it created. At a sign-in nothing is checked within `recheckMs` of
   * a check that found them on; `unlessCheckedSince` (the schedule) checks unless any process
   * checked at or after that moment.
   */
  register(identity: Identity, options?: { unlessCheckedSince?: number }): Promise<string[]>;
  /**
   * Every tenant that has registered once, checked again with its latest sign-in's token unless
   * some process checked it at or after `unlessCheckedSince`: the start-up's and the schedule's
   * run. Never throws; each tenant's outcome is in `status`.
   */
  keepAll(options: { unlessCheckedSince: number }): Promise<void>;
  /** Whether the tenant's live updates from the CRM are on, and why not (the store's last check). */
  status(systemKey: string): Promise<LiveUpdatesStatus>;
  /** The server-wide reason they are off for every tenant, or null. */
  serverProblem(): LiveUpdatesReason | null;
  /**
   * How many configured tenants are in each state ('on' or a reason), no tenant named: the
   * health answer's. Under a server-wide reason every tenant is off for it: null (not counted).
   */
  tenantCounts(): Promise<LiveUpdatesCounts | null>;
  /** Deletes the tenant's registrations in the CRM; the receiver token is forgotten either way. */
  unregister(identity: Identity): Promise<number>;
}

/**
 * How long one process's check of a tenant holds the others off: longer than reading the longest
 * list (MAX_WEBHOOKS: 20 pages at RD's default size, at the CRM client's 10 s timeout each), and
 * renewed before each CRM write, so only a process that stopped in the middle of a check keeps
 * the others waiting this long.
 */
export const CHECK_LEASE_MS = 5 * 60_000;

/** Configured tenants per state. */
export type LiveUpdatesCounts = Record<LiveUpdatesReason | 'on', number>;

const reasonOfStored = (stored: string | null): LiveUpdatesReason | null =>
  stored === null ? null : (LIVE_UPDATES_REASONS.find((reason) => reason === stored) ?? 'refused');

/**
 * A tenant's state from the store's last check (null: no receiver yet). A check that left them on
 * after finding them suspended is not trusted until a delivery arrives after it.
 */
function statusOfCheck(last: StoredCheck | null): LiveUpdatesStatus {
  if (!last) return { on: false, reason: 'not_registered', checkedAt: null };
  const { checkedAt, suspendedAt, lastDeliveryAt, refusal } = last;
  // Registered, not checked yet (a check under way): on until a check says otherwise.
  let reason = checkedAt === null ? null : reasonOfStored(last.reason);
  const unconfirmed =
    suspendedAt !== null && (lastDeliveryAt === null || lastDeliveryAt < suspendedAt);
  if (reason === null && unconfirmed) reason = 'suspended_recreated';
  return { on: reason === null, reason, checkedAt, suspendedAt, refusal };
}

/** Longest detail of a refusal kept and shown: the CRM's words, not a whole error page. */
const REFUSAL_DETAIL_MAX = 300;

/**
 * What the CRM answered a check it refused or could not answer: its status and detail (the CRM's
 * own items of a 400/422, else the api's pt-BR message). The receiver's token is masked: RD may
 * repeat the URL it refused, and the detail is stored and shown where the token must not be.
 */
function refusalOf(error: unknown, token: string): CheckRefusal {
  if (!(error instanceof ApiError)) return { status: 502, detail: 'sem resposta' };
  const items =
    error instanceof CrmRefusal
      ? error.problems.map((problem) => {
          try {
            const item = JSON.parse(problem) as Record<string, unknown>;
            const text = [item.detail, item.message, item.title].find(
              (value) => typeof value === 'string' && value !== '',
            );
            return [namedFieldOf(item), text ?? problem].filter(Boolean).join(': ');
          } catch {
            return problem;
          }
        })
      : [];
  const detail = (items.length ? items.join('; ') : error.message).split(token).join('…');
  return {
    status: error.statusCode,
    detail:
      detail.length > REFUSAL_DETAIL_MAX ? `${detail.slice(0, REFUSAL_DETAIL_MAX - 1)}…` : detail,
  };
}

export function createCrmWebhooks(deps: CrmWebhooksDeps): CrmWebhooks {
  const { crm, receivers, pageSizes, log, publicUrl, now, recheckMs } = deps;
  /** This process, as the holder of a tenant's check lease. */
  const holder = randomUUID();
  const urlOf = (token: string) => `${publicUrl}${WEBHOOK_RECEIVER_PATH}/${token}`;
  const serverProblem = (): LiveUpdatesReason | null =>
    !deps.enabled
      ? 'disabled'
      : publicUrlProblem(publicUrl, deps.checkPublicUrl)
        ? 'public_url'
        : null;

  const listAll = async (identity: Identity): Promise<CrmWebhook[]> => {
    const read = await pageSizes.readAll(
      { identity, log },
      (number, size) =>
        crm.request(identity, {
          method: 'GET',
          path: '/webhooks',
          query: new URLSearchParams({
            'page[number]': String(number),
            'page[size]': String(size),
          }),
        }),
      { maxRecords: MAX_WEBHOOKS, path: '/webhooks' },
    );
    return read.items.filter(isWebhook);
  };

  /** A refused check's reason: 401 a sign-in; no answer (busy, down, slow) not a refusal. */
  const reasonOf = (error: unknown, suspendedSeen: boolean): LiveUpdatesReason => {
    if (error instanceof ApiError && error.statusCode === 401) return 'sign_in_needed';
    if (suspendedSeen) return 'suspended';
    const answered =
      error instanceof ApiError && [400, 403, 404, 409, 413, 422].includes(error.statusCode);
    return answered ? 'refused' : 'unavailable';
  };

  /** Whether the tenant's last check (any process's) spares this one. */
  const checkedRecently = async (
    systemKey: string,
    unlessCheckedSince: number | undefined,
  ): Promise<boolean> => {
    const last = await receivers.lastCheck(systemKey);
    if (last?.checkedAt === null || last?.checkedAt === undefined) return false;
    if (unlessCheckedSince !== undefined) return last.checkedAt >= unlessCheckedSince;
    return last.reason === null && now() - last.checkedAt < recheckMs;
  };

  /** Takes or renews this process's lease on checking the tenant. */
  const hold = (systemKey: string) =>
    receivers.claimCheck(systemKey, holder, now() + CHECK_LEASE_MS);

  /**
   * The check itself, under the lease: what it created, or null when the lease was lost (another
   * process took the check over). `seen.suspended`: RD had suspended one of ours.
   */
  const check = async (
    identity: Identity,
    token: string,
    seen: { suspended: boolean },
  ): Promise<string[] | null> => {
    const { systemKey } = identity;
    const url = urlOf(token);
    const ours = (await listAll(identity)).filter((hook) => isOurs(hook, token));
    // Ours to an address this api no longer has (API_PUBLIC_URL changed): RD would go on
    // delivering to it, and suspending it, for nothing.
    const removable: CrmWebhook[] = ours.filter((hook) => hook.url !== url);
    const active = new Set<string>();
    for (const hook of ours.filter((candidate) => candidate.url === url)) {
      const event = hook.event_name.toLowerCase();
      // RD documents no way back to active for a suspended webhook: it is made again. A second
      // active one of an event (two checks that once overlapped) would deliver every change twice.
      if (delivers(hook) && !active.has(event)) active.add(event);
      else removable.push(hook);
    }
    seen.suspended = removable.some((hook) => hook.url === url && hook.status === 'suspended');
    for (const hook of removable) {
      if (!(await hold(systemKey))) return null;
      await crm.request(identity, {
        method: 'DELETE',
        path: `/webhooks/${encodeURIComponent(hook.id)}`,
      });
      log.info(
        { event: hook.event_name, status: hook.status },
        hook.url !== url
          ? 'webhook do CRM para um endereço antigo do painel; removido'
          : delivers(hook)
            ? 'webhook do CRM repetido; removido'
            : 'webhook do CRM parado; recriando',
      );
    }
    const created: string[] = [];
    for (const event of CRM_WEBHOOK_EVENTS) {
      if (active.has(event)) continue;
      if (!(await hold(systemKey))) return null;
      await crm.request(identity, {
        method: 'POST',
        path: '/webhooks',
        body: { data: { name: WEBHOOK_NAME, event_name: event, http_method: 'POST', url } },
      });
      created.push(event);
    }
    return created;
  };

  const register: CrmWebhooks['register'] = async (identity, options = {}) => {
    const { systemKey } = identity;
    if (serverProblem()) return [];
    const { unlessCheckedSince } = options;
    const token = await receivers.tokenFor(systemKey);
    if (await checkedRecently(systemKey, unlessCheckedSince)) return [];
    if (!(await hold(systemKey))) {
      log.info({ systemKey }, 'webhooks do CRM sendo conferidos por outro processo');
      return [];
    }
    const seen = { suspended: false };
    try {
      // Under the lease, read again: a check that ended a moment ago spares this one too.
      if (await checkedRecently(systemKey, unlessCheckedSince)) return [];
      const created = await check(identity, token, seen);
      if (created === null) {
        log.info({ systemKey }, 'webhooks do CRM assumidos por outro processo');
        return [];
      }
      await receivers.recordCheck(systemKey, null, { suspended: seen.suspended });
      if (seen.suspended)
        log.warn(
          { systemKey },
          'webhooks do CRM suspensos pelo RD Station CRM (entregas falhando); recriados, aguardando uma entrega',
        );
      return created;
    } catch (error) {
      const reason = reasonOf(error, seen.suspended);
      await receivers.recordCheck(systemKey, reason, {
        suspended: seen.suspended,
        refusal: reason === 'sign_in_needed' ? null : refusalOf(error, token),
      });
      throw error;
    } finally {
      await receivers.releaseCheck(systemKey, holder);
    }
  };

  return {
    async receiverUrl(systemKey) {
      return urlOf(await receivers.tokenFor(systemKey));
    },
    register,
    async keepAll({ unlessCheckedSince }) {
      if (serverProblem()) return;
      for (const systemKey of await receivers.tenants()) {
        try {
          const identity = await deps.latestSignIn(systemKey);
          if (!identity) {
            await receivers.recordCheck(systemKey, 'sign_in_needed');
            continue;
          }
          const created = await register(identity, { unlessCheckedSince });
          if (created.length) log.info({ systemKey, events: created }, 'webhooks do CRM recriados');
        } catch (error) {
          log.warn({ err: error, systemKey }, 'webhooks do CRM não mantidos');
        }
      }
    },
    async status(systemKey) {
      const problem = serverProblem();
      if (problem) return { on: false, reason: problem, checkedAt: null };
      return statusOfCheck(await receivers.lastCheck(systemKey));
    },
    serverProblem,
    async tenantCounts() {
      if (serverProblem()) return null;
      const counts = Object.fromEntries(
        ['on', ...LIVE_UPDATES_REASONS].map((state) => [state, 0]),
      ) as LiveUpdatesCounts;
      for (const last of await receivers.configuredChecks())
        counts[statusOfCheck(last).reason ?? 'on'] += 1;
      return counts;
    },
    async unregister(identity) {
      const token = await receivers.existingToken(identity.systemKey);
      if (!token) return 0;
      // Forgotten first: from now on a delivery to the old URL is refused, whatever the CRM says.
      await receivers.remove(identity.systemKey);
      const ours = (await listAll(identity)).filter((hook) => isOurs(hook, token));
      for (const hook of ours)
        await crm.request(identity, {
          method: 'DELETE',
          path: `/webhooks/${encodeURIComponent(hook.id)}`,
        });
      return ours.length;
    },
  };
}

const RECORD_OF_RESOURCE: Record<string, ChangedRecordType> = {
  deal: 'deal',
  contact: 'contact',
  task: 'task',
};

/**
 * The change a delivery signals (RD's envelope: event_name, document, event_timestamp,
 * transaction_uuid — webhooks-payload-crm), or null for an event the panel does not show. Its id
 * comes from the transaction, so a duplicate delivery is the same change everywhere.
 */
export function changeOfDelivery(
  systemKey: string,
  delivery: {
    event_name: string;
    transaction_uuid: string;
    event_timestamp?: string;
    document: Record<string, unknown>;
  },
  now: number,
): RecordChange | null {
  // RD's payload page writes the event both ways ("crm_deal_created" in its sample,
  // "CRM_DEAL_CREATED" in its field table): the case carries no meaning.
  const match = /^crm_([a-z_]+)_(created|updated|deleted)$/.exec(delivery.event_name.toLowerCase());
  const type = match ? RECORD_OF_RESOURCE[match[1] ?? ''] : undefined;
  const id = delivery.document.id;
  if (!match || !type || (typeof id !== 'string' && typeof id !== 'number')) return null;
  const recordId = String(id);
  const dealId =
    type === 'deal'
      ? recordId
      : typeof delivery.document.deal_id === 'string'
        ? delivery.document.deal_id
        : null;
  const stamped = Date.parse(delivery.event_timestamp ?? '');
  const at = Number.isFinite(stamped) ? stamped : now;
  return {
    id: `crm:${delivery.transaction_uuid}`,
    systemKey,
    origin: 'crm',
    actor: null,
    attendanceId: null,
    chatId: null,
    record: { type, id: recordId, dealId, contactId: type === 'contact' ? recordId : null },
    action: match[2] as ChangeAction,
    fields: [],
    at: new Date(at).toISOString(),
  };
}
