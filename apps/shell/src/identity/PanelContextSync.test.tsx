import { act, waitFor } from '@testing-library/react';
import { getTermsStatus } from '@crm-panel/api-client';
import { setupTestServer } from '@crm-panel/api-client/testing';
import { createFakeHostAdapter, FAKE_ATTENDANCE } from '@crm-panel/host-bridge/testing';
import { renderShell } from '@shell/test-utils';
import { PanelContextSync } from './PanelContextSync';

const server = setupTestServer();

/** Calls the api until the identity headers the panel declares on it pass `check`. */
const untilDeclared = (
  check: (headers: ReturnType<typeof server.lastRequest>['headers']) => void,
) =>
  waitFor(async () => {
    await getTermsStatus();
    check(server.lastRequest().headers);
  });

describe('PanelContextSync', () => {
  it('declares the open attendance and its chat channel on api calls, and neither once it closes', async () => {
    const adapter = createFakeHostAdapter({ attendance: FAKE_ATTENDANCE });
    renderShell(<PanelContextSync />, { adapter });
    await untilDeclared((headers) =>
      expect(headers).toMatchObject({
        'x-attendance-id': 'at-1001',
        'x-chat-id': 'canal-whatsapp-acme',
      }),
    );
    act(() => adapter.closeAttendance());
    await untilDeclared((headers) => expect(headers['x-attendance-id']).toBeUndefined());
    expect(server.lastRequest().headers['x-chat-id']).toBeUndefined();
  });
});

describe('PanelContextSync names where the panel is', () => {
  it("declares the attendance's contact and the channel by the names the host gives, percent-encoded", async () => {
    const adapter = createFakeHostAdapter({
      attendance: {
        ...FAKE_ATTENDANCE,
        contato: { id: 'c-9', nome: 'João\u202e "Zé" Pereira', nomeSecundario: null, numero: null },
      },
      channels: [{ id: 'canal-whatsapp-acme', nome: 'WhatsApp Comercial', tipo: 'whatsapp' }],
    });
    renderShell(<PanelContextSync />, { adapter });
    await untilDeclared((headers) =>
      expect(headers).toMatchObject({
        'x-attendance-id': 'at-1001',
        'x-chat-id': 'canal-whatsapp-acme',
        // The bidi override is left out before it is declared.
        'x-contact-name': 'Jo%C3%A3o%20%22Z%C3%A9%22%20Pereira',
        'x-channel-name': 'WhatsApp%20Comercial',
      }),
    );
  });

  it('declares no channel name when the host names no such channel, nor any name without its id', async () => {
    const adapter = createFakeHostAdapter({ attendance: FAKE_ATTENDANCE, channels: [] });
    renderShell(<PanelContextSync />, { adapter });
    await untilDeclared((headers) => expect(headers['x-contact-name']).toBe('Mariana%20Costa'));
    expect(server.lastRequest().headers['x-channel-name']).toBeUndefined();
    act(() => adapter.closeAttendance());
    await untilDeclared((headers) => expect(headers['x-attendance-id']).toBeUndefined());
    expect(server.lastRequest().headers['x-contact-name']).toBeUndefined();
  });
});

describe('PanelContextSync in a form opened by the panel', () => {
  beforeEach(() => sessionStorage.clear());

  it("declares the opening panel's attendance when the form's host says none (Novus, a popup)", async () => {
    // The side panel, showing Mariana's chat, shares it for its forms.
    const panel = renderShell(<PanelContextSync />, {
      adapter: createFakeHostAdapter({ attendance: FAKE_ATTENDANCE }),
    });
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('crm-panel.context') ?? 'null')).toEqual({
        attendanceId: 'at-1001',
        chatId: 'canal-whatsapp-acme',
        contactName: 'Mariana Costa',
        channelName: 'WhatsApp Comercial',
      }),
    );
    panel.unmount();

    // The note form, a document whose host tells it nothing about the attendance.
    renderShell(<PanelContextSync />, {
      adapter: createFakeHostAdapter({ attendance: null }),
      route: '/note-create-modal?dealId=d-1',
    });
    await untilDeclared((headers) =>
      expect(headers).toMatchObject({
        'x-attendance-id': 'at-1001',
        'x-chat-id': 'canal-whatsapp-acme',
        'x-contact-name': 'Mariana%20Costa',
        'x-channel-name': 'WhatsApp%20Comercial',
      }),
    );
  });

  it('keeps to its own host when that host names the attendance, and never shares from a form', async () => {
    sessionStorage.setItem(
      'crm-panel.context',
      JSON.stringify({ attendanceId: 'at-old', chatId: 'canal-old' }),
    );
    renderShell(<PanelContextSync />, {
      adapter: createFakeHostAdapter({ attendance: FAKE_ATTENDANCE }),
      route: '/task-create-modal?dealId=d-1',
    });
    await untilDeclared((headers) => expect(headers['x-attendance-id']).toBe('at-1001'));
    expect(JSON.parse(sessionStorage.getItem('crm-panel.context') ?? 'null')).toEqual({
      attendanceId: 'at-old',
      chatId: 'canal-old',
    });
  });
});
