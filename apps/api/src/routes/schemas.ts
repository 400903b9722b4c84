// What the routes add to the wire contract (libs/crm-model/src/schemas) for Fastify alone: how
// the api's own routes declare their schema, the refusals every identified route documents, and
// how an answer carrying CRM records is written.
import { apiErrorAnswer, identityHeaders, noQuery } from '@crm-panel/crm-model/schemas';
import { type TSchema } from '@sinclair/typebox';
import { type FastifySerializerCompiler } from 'fastify';

const refusal = (description: string) => ({ ...apiErrorAnswer, description });

/**
 * Error answers every identified route may give. Documented through the swagger transform only:
 * compiling them as response serializers for every route would slow the start for nothing.
 */
export const errorResponseDocs = {
  400: refusal('Entrada inválida ou cabeçalhos de identificação ausentes'),
  401: refusal('Sem sessão no CRM (ou sessão encerrada)'),
  404: refusal('Registro não encontrado no CRM'),
  422: refusal('O CRM recusou os dados (motivo do CRM na mensagem)'),
  428: refusal('Credenciais do tenant não configuradas'),
  429: refusal('Limite de requisições ao CRM'),
  502: refusal('O CRM (ou o chat) falhou'),
  504: refusal('O CRM não respondeu a tempo'),
} as const;

/**
 * The serializer of answers that carry CRM records (the proxy's, a contact created with its
 * link): their schema names the fields the panel reads, but the records pass through exactly as
 * the CRM sent them, fields the panel does not read included, so they are written whole rather
 * than through the schema (which would drop or coerce what it does not name).
 */
export const crmRecordsSerializer: FastifySerializerCompiler<unknown> = () => (data) =>
  JSON.stringify(data);

/** The statuses a route refuses with, each answered as the wire's `{ message, code? }`. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 428 | 429 | 502;

/** One of the api's own routes, as its schema declares it (the wire contract's pieces). */
export interface OwnRoute {
  /** The OpenAPI group in /api/docs. */
  tag: string;
  summary: string;
  description?: string;
  /** The identity headers (`identityHeaders`) unless told. */
  headers?: TSchema;
  params?: TSchema;
  /** No query (`noQuery`) unless told. */
  querystring?: TSchema;
  body?: TSchema;
  /** Its answers by status, e.g. `{ 200: termsAnswer }`. */
  answer?: Readonly<Record<number, TSchema>>;
  /** The refusals it documents beside `errorResponseDocs`. */
  refusals?: readonly RefusalStatus[];
}

/**
 * The Fastify schema of one of the api's own routes (session, terms, credentials, sign-in,
 * contact links, chat, audit): the panel's identity headers and no query unless the route says
 * otherwise, its body, and its answers with each refusal as `{ message, code? }`.
 */
export function ownRouteSchema(route: OwnRoute) {
  const {
    tag,
    headers = identityHeaders,
    querystring = noQuery,
    answer = {},
    refusals = [],
  } = route;
  return {
    tags: [tag],
    summary: route.summary,
    ...(route.description === undefined ? {} : { description: route.description }),
    headers,
    ...(route.params === undefined ? {} : { params: route.params }),
    querystring,
    ...(route.body === undefined ? {} : { body: route.body }),
    response: {
      ...answer,
      ...Object.fromEntries(refusals.map((status) => [status, apiErrorAnswer])),
    },
  };
}
