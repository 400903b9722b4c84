import { getTermsStatus } from '@api-client/resources/terms';
import { identityFixture, setupTestServer } from '@api-client/testing';
import { configureApiClient } from './apiClient';
import { setPanelContext } from './panelContext';

const server = setupTestServer();

beforeEach(() => {
  configureApiClient({ baseURL: server.baseURL, getIdentity: () => identityFixture });
});
afterEach(() => setPanelContext({ attendanceId: null, chatId: null }));

describe('panel context headers', () => {
  it('declares the attendance and chat the shell set, on every call', async () => {
    setPanelContext({ attendanceId: 'at-123', chatId: 'canal-9' });
    await getTermsStatus();
    expect(server.lastRequest().headers).toMatchObject({
      'x-attendance-id': 'at-123',
      'x-chat-id': 'canal-9',
    });
  });

  it('sends neither without an attendance', async () => {
    await getTermsStatus();
    const { headers } = server.lastRequest();
    expect(headers['x-attendance-id']).toBeUndefined();
    expect(headers['x-chat-id']).toBeUndefined();
  });

  it('leaves out an id the api would refuse as a host id, so the call itself still goes', async () => {
    setPanelContext({ attendanceId: 'at/1', chatId: 'x'.repeat(201) });
    await expect(getTermsStatus()).resolves.toEqual({ accepted: true });
    const { headers } = server.lastRequest();
    expect(headers['x-attendance-id']).toBeUndefined();
    expect(headers['x-chat-id']).toBeUndefined();
  });
});
