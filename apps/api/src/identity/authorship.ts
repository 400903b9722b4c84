import { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import { identityError } from '@api/errors';
import { isRecord } from '@api/http';
import { API_MESSAGES } from '@api/messages';
import { type Services } from '@api/services';
import { sessionOf } from './authenticate';

// The api, not the browser, decides who wrote a note or completed a task: the session's CRM user
// (identity/crmUser.ts). A body naming that same user passes; a body naming anyone else is
// refused (403 author_mismatch) rather than silently rewritten, so a forged call is visible.

type Body = Record<string, unknown>;

/** The body to send for the session's CRM user `me`; throws when the body names someone else. */
type Authorship = (body: Body, me: string) => Body;

const mustBeMe = (body: Body, field: string, me: string): void => {
  if (body[field] !== undefined && body[field] !== me)
    throw identityError(403, 'author_mismatch', API_MESSAGES.authorMismatch);
};

/** A note's author is `user_id` (RD's create-note page: "ID do usuário que criou a anotação"). */
const noteAuthor: Authorship = (body, me) => {
  mustBeMe(body, 'user_id', me);
  return { ...body, user_id: me };
};

/**
 * RD's create-task page documents no writable body fields ("data object") and lists
 * `created_by_id` only in the answer ("ID do usuário que criou a tarefa"): the CRM stamps the
 * token's user. So it is checked, never sent.
 */
const taskCreator: Authorship = (body, me) => {
  mustBeMe(body, 'created_by_id', me);
  const { created_by_id: _creator, ...rest } = body;
  return rest;
};

/** Completing sends `completed_by_id` = the session's user; other updates send none. */
const taskCompleter: Authorship = (body, me) => {
  mustBeMe(body, 'completed_by_id', me);
  const { completed_by_id: _completer, ...rest } = body;
  return body.status === 'completed' ? { ...rest, completed_by_id: me } : rest;
};

/** The routes that write an author, by method and path (the CRM proxy registers them). */
export const AUTHORED_WRITES: Readonly<Record<string, Authorship>> = {
  'POST /api/rdstation/deals/:id/notes': noteAuthor,
  'POST /api/rdstation/tasks': taskCreator,
  'PUT /api/rdstation/tasks/:id': taskCompleter,
};

const routeKey = (route: Pick<RouteOptions, 'method' | 'url'>): string[] =>
  (Array.isArray(route.method) ? route.method : [route.method]).map(
    (method) => `${String(method)} ${route.url}`,
  );

/**
 * Adds the authorship step to the writes of AUTHORED_WRITES, after their body is validated. Must
 * be registered before those routes; the app refuses to start if one of them never appears.
 */
export function registerAuthorship(app: FastifyInstance, services: Services): void {
  const seen = new Set<string>();

  app.addHook('onRoute', (route) => {
    for (const key of routeKey(route)) {
      const authorship = AUTHORED_WRITES[key];
      if (!authorship) continue;
      seen.add(key);
      const step = async (request: FastifyRequest) => {
        const me = await services.crmUsers.requireUserId(sessionOf(request), request.log);
        request.body = authorship(isRecord(request.body) ? request.body : {}, me);
      };
      const existing = route.preHandler;
      route.preHandler = [...(existing ? [existing].flat() : []), step];
    }
  });

  app.addHook('onReady', async () => {
    const missing = Object.keys(AUTHORED_WRITES).filter((key) => !seen.has(key));
    if (missing.length > 0)
      throw new Error(`Rotas de escrita com autor não registradas: ${missing.join(', ')}`);
  });
}
