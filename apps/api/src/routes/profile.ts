import { type FastifyInstance } from 'fastify';
import { sessionOf } from '@api/identity/authenticate';
import { type Services, wantsFreshData } from '@api/services';
import { cachedIdentityHeaders, cacheQuery, profileAnswer } from '@crm-panel/crm-model/schemas';
import { ownRouteSchema } from './schemas';

export function registerProfileRoutes(app: FastifyInstance, services: Services): void {
  const { crmUsers } = services;

  app.get(
    '/api/rdstation/user/profile',
    {
      config: { access: 'crm' },
      schema: ownRouteSchema({
        tag: 'autenticação',
        summary: 'Perfil do usuário no CRM (id, nome, e-mail, organização)',
        description:
          'O usuário do CRM desta sessão (GET /users/{id}, cache de 60 s). Sem usuário escolhido: 409 crm_user_required (o painel mostra a escolha). A organização vem do token v1 quando houver, senão de crmOrganizationName do tenant, senão null.',
        headers: cachedIdentityHeaders,
        querystring: cacheQuery,
        answer: { 200: profileAnswer },
        refusals: [409],
      }),
    },
    async (request) => {
      const session = sessionOf(request);
      const current = await crmUsers.state(session, request.log, { auto: false });
      if (current.kind === 'v1-only') {
        // The v1 token check names the user but not their v2 id.
        const { name, email, organization } = current.v1;
        return { data: { id: null, name, email, organization } };
      }
      const { user, stored } = await crmUsers.currentUser(
        session,
        request.log,
        wantsFreshData(request),
      );
      const tenantOrganization = request.tenant?.crmOrganizationName;
      const organization =
        stored.v1?.profile.organization ??
        (tenantOrganization ? { name: tenantOrganization } : null);
      return { data: { id: user.id, name: user.name, email: user.email, organization } };
    },
  );
}
