import { act, waitFor } from '@testing-library/react';
import { getTermsStatus } from '@crm-panel/api-client';
import { setupTestServer } from '@crm-panel/api-client/testing';
import { createFakeHostAdapter, FAKE_ATTENDANCE } from '@crm-panel/host-bridge/testing';
import { renderShell } from '@shell/test-utils';
import { PanelContextSync } from './PanelContextSync';

const server = setupTestServer();

describe('PanelContextSync', () => {
  it('declares the open attendance and its chat channel on api calls, and neither once it closes', async () => {
    const adapter = createFakeHostAdapter({ attendance: FAKE_ATTENDANCE });
    renderShell(<PanelContextSync />, { adapter });
    await waitFor(async () => {
      await getTermsStatus();
      expect(server.lastRequest().headers).toMatchObject({
        'x-attendance-id': 'at-1001',
        'x-chat-id': 'canal-whatsapp-acme',
      });
    });
    act(() => adapter.closeAttendance());
    await waitFor(async () => {
      await getTermsStatus();
      expect(server.lastRequest().headers['x-attendance-id']).toBeUndefined();
    });
    expect(server.lastRequest().headers['x-chat-id']).toBeUndefined();
  });
});
