import { type FastifyInstance } from 'fastify';
import { credentialsNotConfigured } from '@api/errors';
import { identityOf, type Services } from '@api/services';
import { chatMessagesAnswer, chatMessagesQuery, hostIdParams } from '@crm-panel/crm-model/schemas';
import { ownRouteSchema } from './schemas';

export function registerChatRoutes(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { id: string }; Querystring: { channelId: string } }>(
    '/api/chat/:id/messages',
    {
      config: { access: 'crm' },
      schema: ownRouteSchema({
        tag: 'chat',
        summary: 'Mensagens de um atendimento, lidas da API de chat do host (defaultChatDomain)',
        params: hostIdParams,
        querystring: chatMessagesQuery,
        answer: { 200: chatMessagesAnswer },
        refusals: [400, 428, 502],
      }),
    },
    async (request) => {
      const { systemKey } = identityOf(request);
      const stored = await services.repos.credentials.get(systemKey);
      if (!stored) throw credentialsNotConfigured();
      const messages = await services.chat.messages(
        stored.defaultChatDomain,
        systemKey,
        request.params.id,
        request.query.channelId,
      );
      return { data: messages };
    },
  );
}
