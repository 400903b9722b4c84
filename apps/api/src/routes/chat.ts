import { type FastifyInstance } from 'fastify';
import { credentialsNotConfigured } from '@api/errors';
import { identityOf, type Services } from '@api/services';
import {
  apiErrorAnswer,
  chatMessagesAnswer,
  chatMessagesQuery,
  hostIdParams,
  identityHeaders,
} from '@crm-panel/crm-model/schemas';

export function registerChatRoutes(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { id: string }; Querystring: { channelId: string } }>(
    '/api/chat/:id/messages',
    {
      config: { access: 'crm' },
      schema: {
        tags: ['chat'],
        summary: 'Mensagens de um atendimento, lidas da API de chat do host (defaultChatDomain)',
        headers: identityHeaders,
        params: hostIdParams,
        querystring: chatMessagesQuery,
        response: {
          200: chatMessagesAnswer,
          400: apiErrorAnswer,
          428: apiErrorAnswer,
          502: apiErrorAnswer,
        },
      },
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
