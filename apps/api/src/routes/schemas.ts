// JSON schemas shared by the routes; Fastify validates with them and @fastify/swagger documents them.
import { crmId, hostId } from '@crm-panel/crm-model/schemas';

/**
 * A name the panel declares for the history: percent-encoded UTF-8 (encodeURIComponent's
 * alphabet), so any name travels in a header. 80 characters of 4 bytes encode to 960.
 */
const declaredName = {
  type: 'string',
  maxLength: 1000,
  pattern: "^[A-Za-z0-9%._~!*'()-]*$",
} as const;

export const identityHeaders = {
  type: 'object',
  required: ['x-user-id', 'x-system-key'],
  properties: {
    'x-user-id': {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      pattern: '\\S',
      description: 'Id do usuário no host',
    },
    'x-system-key': {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      pattern: '\\S',
      description: 'Chave do sistema (tenant)',
    },
    'x-attendance-id': {
      ...hostId,
      description: 'Atendimento que o painel mostra (trilha de auditoria; opcional)',
    },
    'x-chat-id': {
      ...hostId,
      description: 'Chat que o painel mostra (trilha de auditoria; opcional)',
    },
    'x-contact-name': {
      ...declaredName,
      description:
        'Nome do contato do atendimento como o painel o mostra (UTF-8 em percent-encoding; só exibido no histórico; opcional)',
    },
    'x-channel-name': {
      ...declaredName,
      description:
        'Nome do canal do chat como o host o nomeia (UTF-8 em percent-encoding; só exibido no histórico; opcional)',
    },
    'x-panel-tab': {
      ...hostId,
      description:
        'Aba do navegador de onde vem a escrita (atualizações ao vivo: a própria aba não relê; opcional)',
    },
  },
} as const;

/**
 * The identity headers plus, for sessions of hosts that sign nothing, the integration's security
 * password: the gate of the admin screens (history, Novus diagnostics).
 */
export const securityPasswordHeaders = {
  ...identityHeaders,
  properties: {
    ...identityHeaders.properties,
    'x-security-password': {
      type: 'string',
      minLength: 1,
      maxLength: 500,
      description:
        'Sessões de hosts que não assinam identidade: a senha de segurança da integração (a mesma do gerenciador de credenciais)',
    },
  },
} as const;

export const cachedIdentityHeaders = {
  ...identityHeaders,
  properties: {
    ...identityHeaders.properties,
    'x-cache-bypass': {
      type: 'string',
      enum: ['1', '0', 'true', 'false'],
      description: '1 ignora o cache de 60 s dos dados de referência',
    },
  },
} as const;

/** CRM ids and host ids: the wire contract's (libs/crm-model/src/schemas). */
export { crmId, hostId } from '@crm-panel/crm-model/schemas';

export function idParams<K extends string>(...names: K[]) {
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, crmId])) as Record<K, typeof crmId>,
  } as const;
}

export const noQuery = { type: 'object', additionalProperties: false, properties: {} } as const;

export const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: 200,
      description: 'itens por página do painel (montada de páginas de até CRM_PAGE_SIZE do CRM)',
    },
    page: { type: 'integer', minimum: 1, maximum: 10000, description: 'página do painel' },
    order: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z0-9_.@-]+$',
      description: '→ sort[order], só campos de ordenação documentados',
    },
    direction: { type: 'string', enum: ['asc', 'desc'] },
    filter: {
      type: 'string',
      maxLength: 1000,
      description:
        'campo:"valor" ou campo:~"valor" unidos por " and " (só filtros documentados pelo RD Station CRM)',
    },
    refresh: {
      type: 'boolean',
      description: 'true ignora o cache de 60 s dos dados de referência',
    },
  },
} as const;

export const cacheQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { refresh: listQuery.properties.refresh },
} as const;

export const messageSchema = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    code: { type: 'string', description: 'Motivo estável de uma recusa de identidade (README)' },
  },
} as const;

/** A list answer `{ data: { data: [items], links: { next? } } }`, plus any properties of its own. */
export function pageSchema(items: object, extra: Record<string, object> = {}) {
  return {
    type: 'object',
    properties: {
      data: {
        type: 'object',
        properties: {
          data: { type: 'array', items },
          links: { type: 'object', properties: { next: { type: 'string' } } },
          ...extra,
        },
      },
    },
  } as const;
}

/** Any payload inside `data` (CRM envelopes pass through untouched). */
export const dataSchema = {
  type: 'object',
  properties: { data: {} },
} as const;

/**
 * Error answers every identified route may give. Documented through the swagger transform only:
 * compiling them as response serializers for every route would slow the start for nothing.
 */
export const errorResponseDocs = {
  400: {
    ...messageSchema,
    description: 'Entrada inválida ou cabeçalhos de identificação ausentes',
  },
  401: { ...messageSchema, description: 'Sem sessão no CRM (ou sessão encerrada)' },
  404: { ...messageSchema, description: 'Registro não encontrado no CRM' },
  422: { ...messageSchema, description: 'O CRM recusou os dados (motivo do CRM na mensagem)' },
  428: { ...messageSchema, description: 'Credenciais do tenant não configuradas' },
  429: { ...messageSchema, description: 'Limite de requisições ao CRM' },
  502: { ...messageSchema, description: 'O CRM (ou o chat) falhou' },
  504: { ...messageSchema, description: 'O CRM não respondeu a tempo' },
} as const;

/** Live updates from the CRM: on, or why not and what the operator can do (crmWebhooks.ts). */
export const liveUpdatesSchema = {
  type: 'object',
  required: ['on', 'reason', 'message', 'action'],
  properties: {
    on: { type: 'boolean' },
    reason: { type: ['string', 'null'] },
    message: { type: 'string' },
    action: { type: 'string' },
  },
} as const;
