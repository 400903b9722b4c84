import { type FastifyInstance } from 'fastify';
import { credentialsNotConfigured } from '@api/errors';
import { identityOf, type Services } from '@api/services';
import { hostId, identityHeaders, messageSchema } from './schemas';

const chatMessageSchema = {
  type: 'object',
  properties: {
    IdMessage: { type: 'string' },
    text: { type: 'string' },
    senderName: { type: 'string' },
    isSentByMe: { type: 'boolean' },
    dhMessage: { type: 'string' },
    unixTimeMessage: { type: 'number' },
  },
} as const;

export function registerChatRoutes(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { id: string }; Querystring: { channelId: string } }>(
    '/api/chat/:id/messages',
    {
      schema: {
        tags: ['chat'],
        summary: 'Mensagens de um atendimento, lidas da API de chat do host (defaultChatDomain)',
        headers: identityHeaders,
        params: { type: 'object', required: ['id'], properties: { id: hostId } },
        querystring: {
          type: 'object',
          required: ['channelId'],
          additionalProperties: false,
          properties: { channelId: hostId },
        },
        response: {
          200: {
            type: 'object',
            properties: { data: { type: 'array', items: chatMessageSchema } },
          },
          400: messageSchema,
          428: messageSchema,
          502: messageSchema,
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
