import { createHostForms, onFormResult, type FormResultEvent } from '@crm-panel/host-bridge';
import {
  createFakeHostAdapter,
  FAKE_ATTENDANCE,
  FAKE_USER_INFO,
} from '@crm-panel/host-bridge/testing';

describe('@crm-panel/host-bridge/testing', () => {
  it('captures the forms a screen opens and the results a form page closes with', async () => {
    const host = createFakeHostAdapter();
    const forms = createHostForms({ adapter: host });
    const events: FormResultEvent[] = [];
    const stop = onFormResult((event) => events.push(event));

    forms.openForm('contact-edit', {
      contactId: 'c-1',
      name: 'Mariana Costa',
      organizationId: null,
    });
    expect(host.openedForms).toEqual([
      {
        route: 'contact-edit',
        query: { contactId: 'c-1', name: 'Mariana Costa' },
        options: expect.objectContaining({ title: 'Editar Contato', width: 600, height: 700 }),
      },
    ]);
    host.resolveModal({ success: true, updated: true });
    await Promise.resolve();
    await Promise.resolve();
    expect(events).toEqual([{ route: 'contact-edit', result: { success: true, updated: true } }]);

    await forms.cancelForm();
    expect(host.closedForms).toEqual([{ success: false }]);
    stop();
  });

  it('emits attendance events and holds a settable identity', () => {
    const host = createFakeHostAdapter({ userInfo: null });
    expect(host.readUserInfo()).toBeNull();
    host.setUserInfo(FAKE_USER_INFO);
    expect(host.readUserInfo()).toEqual({ userId: 'user-ana', systemKey: 'tenant-acme' });
    const onAttendanceOpen = jest.fn();
    const onAttendanceClose = jest.fn();
    host.subscribe({ onAttendanceOpen, onAttendanceClose });
    host.openAttendance();
    expect(onAttendanceOpen).toHaveBeenCalledWith(FAKE_ATTENDANCE);
    host.closeAttendance();
    expect(onAttendanceClose).toHaveBeenCalledWith(FAKE_ATTENDANCE);
  });

  it('can play a host without modal API', () => {
    const host = createFakeHostAdapter({ modalApi: false });
    expect(host.openModal).toBeNull();
    expect(host.closeModal).toBeNull();
    expect(() => host.resolveModal()).toThrow('Nenhum modal aberto para encerrar');
  });

  it('signs nothing by default and can play a signing host', async () => {
    const host = createFakeHostAdapter();
    await expect(host.getIdentityAssertion()).resolves.toBeNull();

    const signing = createFakeHostAdapter({ identityAssertion: 'jwt-fixo' });
    await expect(signing.getIdentityAssertion()).resolves.toBe('jwt-fixo');

    let issued = 0;
    signing.setIdentityAssertion(() => `jwt-${++issued}`);
    await expect(signing.getIdentityAssertion()).resolves.toBe('jwt-1');
    await expect(signing.getIdentityAssertion()).resolves.toBe('jwt-2');
    expect(signing.identityAssertionRequests).toBe(3);
    signing.setIdentityAssertion(null);
    await expect(signing.getIdentityAssertion()).resolves.toBeNull();
  });
});
