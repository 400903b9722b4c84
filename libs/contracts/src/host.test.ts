import {
  HOST_GLOBAL_NAME,
  HOST_INFO_MAX_TRIES,
  HOST_INFO_RETRY_MS,
  HOST_PROTOCOL,
  isHostAttendance,
  isHostEventMessage,
  isHostReplyMessage,
  isHostUserInfo,
  isHostWindowMessage,
  isPanelToHostMessage,
  type HostAttendance,
} from './host';

const attendance: HostAttendance = {
  atendimentoId: 'at-1001',
  canalId: 'canal-whatsapp',
  descricao: 'Dúvida sobre proposta',
  contato: {
    id: 'contato-1',
    nome: 'Mariana Costa',
    nomeSecundario: null,
    numero: '+5511987654321',
  },
};

describe('host contract', () => {
  it('names the global object and the wait of PRODUCT.md §9', () => {
    expect(HOST_GLOBAL_NAME).toBe('CrmPanelHost');
    expect(HOST_INFO_MAX_TRIES).toBe(50);
    expect(HOST_INFO_RETRY_MS).toBe(100);
  });

  it('checks user info', () => {
    expect(isHostUserInfo({ userId: 'user-ana', systemKey: 'tenant-acme' })).toBe(true);
    expect(isHostUserInfo({ userId: '', systemKey: 'tenant-acme' })).toBe(false);
    expect(isHostUserInfo({ userId: 'user-ana' })).toBe(false);
  });

  it('checks attendances, with or without contact', () => {
    expect(isHostAttendance(attendance)).toBe(true);
    expect(isHostAttendance({ atendimentoId: 'a', canalId: 'c', descricao: '' })).toBe(true);
    expect(isHostAttendance({ atendimentoId: 1, canalId: 'c', descricao: '' })).toBe(false);
    expect(isHostAttendance({ ...attendance, contato: { id: 'x' } })).toBe(false);
  });

  it('checks the window messages a panel accepts', () => {
    expect(isHostWindowMessage({ protocol: HOST_PROTOCOL, type: 'hostReady' })).toBe(true);
    expect(
      isHostWindowMessage({
        protocol: HOST_PROTOCOL,
        type: 'initialized',
        data: { userInfo: { userId: 'u', systemKey: 't' }, attendance },
      }),
    ).toBe(true);
    expect(
      isHostWindowMessage({
        protocol: HOST_PROTOCOL,
        type: 'initialized',
        data: { userInfo: { userId: 'u' }, attendance: null },
      }),
    ).toBe(false);
    expect(isHostWindowMessage({ protocol: 'other/1', type: 'hostReady' })).toBe(false);
  });

  it('checks events and replies', () => {
    expect(
      isHostEventMessage({ protocol: HOST_PROTOCOL, event: 'attendanceOpen', payload: attendance }),
    ).toBe(true);
    expect(
      isHostEventMessage({ protocol: HOST_PROTOCOL, event: 'attendanceClose', payload: null }),
    ).toBe(true);
    expect(
      isHostEventMessage({
        protocol: HOST_PROTOCOL,
        event: 'modalClosed',
        payload: { modalId: 'm1', result: { success: true, dealId: 'd' } },
      }),
    ).toBe(true);
    expect(
      isHostEventMessage({
        protocol: HOST_PROTOCOL,
        event: 'modalClosed',
        payload: { modalId: 'm1', result: { ok: 1 } },
      }),
    ).toBe(false);
    expect(isHostReplyMessage({ protocol: HOST_PROTOCOL, ok: true, data: null })).toBe(true);
    expect(isHostReplyMessage({ protocol: HOST_PROTOCOL, ok: false, error: 'x' })).toBe(true);
    expect(isHostReplyMessage({ protocol: HOST_PROTOCOL, ok: false })).toBe(false);
  });

  it('checks panel commands on the host side', () => {
    expect(
      isPanelToHostMessage({
        protocol: HOST_PROTOCOL,
        command: 'initialize',
        args: { pluginId: 'crm-panel' },
      }),
    ).toBe(true);
    expect(
      isPanelToHostMessage({ protocol: HOST_PROTOCOL, command: 'getInfoUser', args: null }),
    ).toBe(true);
    expect(
      isPanelToHostMessage({
        protocol: HOST_PROTOCOL,
        command: 'openModal',
        args: { url: 'http://p/x', title: 'T', width: 600, height: 700 },
      }),
    ).toBe(true);
    expect(
      isPanelToHostMessage({
        protocol: HOST_PROTOCOL,
        command: 'openModal',
        args: { url: 'http://p/x', title: 'T', width: '600', height: 700 },
      }),
    ).toBe(false);
    expect(
      isPanelToHostMessage({
        protocol: HOST_PROTOCOL,
        command: 'closeModal',
        args: { result: { success: false } },
      }),
    ).toBe(true);
    expect(
      isPanelToHostMessage({ protocol: HOST_PROTOCOL, command: 'deleteEverything', args: null }),
    ).toBe(false);
  });
});
