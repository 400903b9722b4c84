import { type FastifyInstance } from 'fastify';
import { ApiError, credentialsNotConfigured, sessionEnded, sessionMissing } from '../errors';
import { API_MESSAGES } from '../messages';
import { identityOf, type Services } from '../services';
import { identityHeaders, noQuery } from './schemas';

const profileSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        id: { type: ['string', 'null'] },
        name: { type: 'string' },
        email: { type: 'string' },
        organization: {
          type: ['object', 'null'],
          properties: { name: { type: 'string' } },
        },
      },
    },
  },
} as const;

export function registerProfileRoutes(app: FastifyInstance, services: Services): void {
  const { repos, crm, oauth } = services;

  app.get(
    '/api/rdstation/user/profile',
    {
      schema: {
        tags: ['autenticação'],
        summary: 'Perfil do usuário no CRM (id, nome, e-mail, organização)',
        headers: identityHeaders,
        querystring: noQuery,
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const identity = identityOf(request);
      if (!(await repos.credentials.exists(identity.systemKey))) throw credentialsNotConfigured();
      const session = await repos.sessions.get(identity);
      if (!session) throw sessionMissing();
      if (!session.oauth && session.v1) {
        // The v1 token check names the user but not their v2 id.
        const { name, email, organization } = session.v1.profile;
        return { data: { id: null, name, email, organization } };
      }
      let token = await crm.accessToken(identity);
      let profile = await oauth.userinfo(token);
      if (!profile) {
        token = (await services.refresher.refresh(identity, token)).accessToken;
        profile = await oauth.userinfo(token);
      }
      if (!profile) throw sessionEnded();
      if (!profile.id) throw new ApiError(502, API_MESSAGES.crmUnexpected);
      return { data: profile };
    },
  );
}
