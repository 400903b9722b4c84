import { configureApiClient } from '@api-client/client/apiClient';
import {
  CHANNEL_ID_FIXTURE,
  CHAT_ID_FIXTURE,
  createHandlers,
  createMockDb,
  identityFixture,
  integrationFixture,
  MOCK_BASE_URL,
} from '@crm-panel/api-client/testing';
import { type SideWorld } from './calls';

// The fake side of the contract test: the MSW handlers of '@crm-panel/api-client/testing' (msw/node),
// from a tenant that has not accepted the terms, configured credentials nor signed in yet, as the
// real side's.

export interface FakeSide {
  world: SideWorld;
  close(): void;
}

export async function startFakeSide(): Promise<FakeSide> {
  const db = createMockDb({
    integration: {
      ...integrationFixture,
      termsAccepted: false,
      credentialsConfigured: false,
      authenticated: false,
    },
  });
  const { setupServer } = await import('msw/node');
  const server = setupServer(...createHandlers({ baseURL: MOCK_BASE_URL, db }));
  server.listen({ onUnhandledRequest: 'error' });
  let closed = false;
  configureApiClient({
    baseURL: MOCK_BASE_URL,
    getIdentity: () => identityFixture,
    session: true,
    getAssertion: async () => null,
  });
  return {
    world: {
      credentials: {
        clientId: 'client-id',
        clientSecret: 'client-secret',
        redirectUri: integrationFixture.redirectUri,
        securityPassword: integrationFixture.securityPassword,
        defaultChatDomain: 'chat.example.com',
      },
      // The popup's sign-in, as the mock world records it.
      signIn: async () => {
        db.state.integration.authenticated = true;
      },
      chatId: CHAT_ID_FIXTURE,
      channelId: CHANNEL_ID_FIXTURE,
      hostContactId: 'host-contact-contract',
    },
    close: () => {
      if (closed) return;
      closed = true;
      server.close();
    },
  };
}
