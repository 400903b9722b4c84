import { type FastifyInstance } from 'fastify';
import { identityOf, type Services } from '@api/services';
import {
  apiErrorAnswer,
  emptyBody,
  identityHeaders,
  noQuery,
  termsAnswer,
} from '@crm-panel/crm-model/schemas';

export function registerTermsRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/rdstation/terms/status',
    {
      config: { access: 'any' },
      schema: {
        tags: ['termos'],
        summary: 'Se o usuário desta sessão aceitou os termos de uso',
        headers: identityHeaders,
        querystring: noQuery,
        response: { 200: termsAnswer, 400: apiErrorAnswer },
      },
    },
    async (request) => {
      const { systemKey, userId } = identityOf(request);
      return { accepted: await services.repos.terms.isAccepted(systemKey, userId) };
    },
  );

  app.post(
    '/api/rdstation/terms/accept',
    {
      config: { access: 'any' },
      schema: {
        tags: ['termos'],
        summary:
          'Registra o aceite dos termos pelo usuário desta sessão (antes do login, fica com a sessão pendente)',
        headers: identityHeaders,
        querystring: noQuery,
        body: emptyBody,
        response: { 200: termsAnswer, 400: apiErrorAnswer },
      },
    },
    async (request) => {
      const { systemKey, userId } = identityOf(request);
      await services.repos.terms.accept(systemKey, userId);
      return { accepted: true };
    },
  );
}
