import { type FastifyInstance } from 'fastify';
import { type LiveStreams } from '@api/changes/liveStreams';
import { headerOf, PANEL_CONTEXT_HEADERS } from '@api/changes/publishChange';
import { sessionOf } from '@api/identity/authenticate';
import { eventStreamHeaders, LAST_EVENT_ID_HEADER, noQuery } from '@crm-panel/crm-model/schemas';

/**
 * GET /api/events: one Server-Sent Events stream per panel, with a full session like every CRM
 * route (its access: 'crm'), carrying the changes of the session's tenant
 * only.
 */
export function registerEventRoutes(app: FastifyInstance, streams: LiveStreams): void {
  app.get(
    '/api/events',
    {
      config: { access: 'crm' },
      // HEAD would open a stream with no body to send: not offered.
      exposeHeadRoute: false,
      schema: {
        tags: ['mudanças'],
        summary: 'Mudanças do tenant ao vivo (text/event-stream)',
        description:
          "Um stream por painel. Cada mudança (RecordChange) vai como `event: change` com `id:`; reconectando com Last-Event-ID, o api repete as mudanças que ainda guarda ou envia `event: resync` (o painel relê tudo o que mostra). Um comentário ': ping' a cada ~20 s; `retry:` sugere a espera de reconexão.",
        headers: eventStreamHeaders,
        querystring: noQuery,
        produces: ['text/event-stream'],
      },
    },
    (request, reply) => {
      const { systemKey, userId } = sessionOf(request);
      const lastEventId = headerOf(request, LAST_EVENT_ID_HEADER);
      // The schema checked it as a host id; the stream marks this tab's own changes by it.
      const tab = headerOf(request, PANEL_CONTEXT_HEADERS.tab);
      // The stream is written on the socket directly: no serializer, no compression, nothing
      // between a change and the panel. Headers set by earlier hooks (CORS) go along.
      reply.hijack();
      const raw = reply.raw;
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) raw.setHeader(name, value);
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx and similar proxies buffer responses unless told not to.
        'x-accel-buffering': 'no',
      });
      raw.flushHeaders();
      // The cap is the person's (tenant + user), whichever of their sessions opens the stream.
      const person = JSON.stringify([systemKey, userId]);
      streams.open({ systemKey, person, tab }, raw, lastEventId);
    },
  );
}
