import { type FastifyInstance } from 'fastify';
import {
  cachedIdentityHeaders,
  cacheQuery,
  crmUserChoiceBody,
  type CrmUserChoiceBody,
  crmUserChosenAnswer,
  crmUsersAnswer,
} from '@crm-panel/crm-model/schemas';
import { ownRouteSchema } from './schemas';
import { sessionOf } from '@api/identity/authenticate';
import { type Services, wantsFreshData } from '@api/services';

/** The "who are you in the CRM" step (README, 'Who the CRM user is'). */
export function registerCrmUserRoutes(app: FastifyInstance, services: Services): void {
  const { crmUsers } = services;

  app.get(
    '/api/rdstation/auth/crm-users',
    {
      config: { access: 'crm' },
      schema: ownRouteSchema({
        tag: 'autenticação',
        summary: 'Usuários ativos do CRM para o atendente dizer quem é, e o sugerido',
        description:
          'GET /users?filter=is:active, todas as páginas (page[size] ≤ 100, seguindo links.next até um limite; para também numa página vazia ou curta), por nome. suggestedId: o usuário cujo e-mail o token v1 ou o host verificou, ou o já escolhido.',
        headers: cachedIdentityHeaders,
        querystring: cacheQuery,
        answer: { 200: crmUsersAnswer },
      }),
    },
    async (request) => {
      const { users, suggestedId } = await crmUsers.choices(
        sessionOf(request),
        request.log,
        wantsFreshData(request),
      );
      return { data: { users, suggestedId } };
    },
  );

  app.post<{ Body: CrmUserChoiceBody }>(
    '/api/rdstation/auth/crm-user',
    {
      config: { access: 'crm' },
      schema: ownRouteSchema({
        tag: 'autenticação',
        summary: 'O atendente diz quem é no CRM (uma vez por login)',
        description:
          'O id é conferido em GET /users/{id} (desconhecido: 400). É a palavra do atendente, salvo quando um e-mail verificado (token v1 ou host) é o desse usuário. Já decidido: 409 crm_user_chosen (para trocar, sair e entrar de novo).',
        body: crmUserChoiceBody,
        answer: { 200: crmUserChosenAnswer },
        refusals: [400, 409],
      }),
    },
    async (request) => {
      const { user, choice } = await crmUsers.choose(
        sessionOf(request),
        request.body.userId,
        request.log,
      );
      return { data: { ...user, source: choice.source } };
    },
  );
}
