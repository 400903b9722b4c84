import { type FastifyInstance } from 'fastify';
import { identityOf, type Services } from '@api/services';
import { emptyBody, termsAnswer } from '@crm-panel/crm-model/schemas';
import { ownRouteSchema } from './schemas';

export function registerTermsRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/rdstation/terms/status',
    {
      config: { access: 'any' },
      schema: ownRouteSchema({
        tag: 'termos',
        summary: 'Se o usuário desta sessão aceitou os termos de uso',
        answer: { 200: termsAnswer },
        refusals: [400],
      }),
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
      schema: ownRouteSchema({
        tag: 'termos',
        summary:
          'Registra o aceite dos termos pelo usuário desta sessão (antes do login, fica com a sessão pendente)',
        body: emptyBody,
        answer: { 200: termsAnswer },
        refusals: [400],
      }),
    },
    async (request) => {
      const { systemKey, userId } = identityOf(request);
      await services.repos.terms.accept(systemKey, userId);
      return { accepted: true };
    },
  );
}
