import { chatMessagesFixture, setupTestServer } from '@api-client/testing';
import { IDENTITY_HEADERS } from '@api-client/test-support/wire';
import { getChatMessages } from './chat';

const server = setupTestServer();

describe('chat', () => {
  it('getChatMessages: GET /api/chat/{id}/messages?channelId=… and reads data.data', async () => {
    const messages = await getChatMessages('chat-1', 'channel-1');

    expect(messages).toEqual(chatMessagesFixture['chat-1']);
    expect(server.lastRequest()).toEqual({
      method: 'GET',
      path: '/api/chat/chat-1/messages',
      query: { channelId: 'channel-1' },
      body: undefined,
      headers: IDENTITY_HEADERS,
    });
  });

  it('encodes ids that the host may send with reserved characters', async () => {
    await expect(getChatMessages('chat 1/2', 'canal#1')).resolves.toEqual([]);
    expect(server.lastRequest().path).toBe('/api/chat/chat%201%2F2/messages');
    expect(server.lastRequest().query).toEqual({ channelId: 'canal#1' });
  });
});
