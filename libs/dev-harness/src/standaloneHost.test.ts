import { MODAL_CANCELLED } from '@crm-panel/contracts';
import { FAKE_ATTENDANCE } from '@crm-panel/host-bridge/testing';
import { createStandaloneHost } from './standaloneHost';

const options = (url: string) => ({ url, title: 'Criar Tarefa', width: 600, height: 700 });

describe('createStandaloneHost', () => {
  it('draws a modal in the page and hands its result to the opener', async () => {
    const host = createStandaloneHost();
    const opened = host.adapter.openModal?.(options('/task-create-modal?dealId=deal-1'));
    expect(host.store.getState().modal?.path).toBe('/task-create-modal?dealId=deal-1');
    await host.adapter.closeModal?.({ success: true, updated: true });
    await expect(opened).resolves.toEqual({ success: true, updated: true });
    expect(host.store.getState()).toEqual({
      modal: null,
      lastResult: { success: true, updated: true },
    });
  });

  it('cancels the modal on screen when another one opens', async () => {
    const host = createStandaloneHost();
    const first = host.adapter.openModal?.(options('/note-create-modal'));
    void host.adapter.openModal?.(options('/note-view-modal'));
    await expect(first).resolves.toEqual(MODAL_CANCELLED);
    expect(host.store.getState().modal?.path).toBe('/note-view-modal');
  });

  it('leaves a form opened as a page when it ends', async () => {
    const host = createStandaloneHost();
    const exit = jest.fn();
    host.setPageExit(exit);
    await host.adapter.closeModal?.({ success: true });
    expect(exit).toHaveBeenCalledTimes(1);
    expect(host.store.getState().lastResult).toEqual({ success: true });
  });

  it('starts with the attendance it is given, which a demo control can switch', () => {
    const host = createStandaloneHost(FAKE_ATTENDANCE);
    const seen: (string | null)[] = [];
    host.adapter.subscribe({
      onAttendanceOpen: (attendance) => seen.push(attendance.atendimentoId),
      onAttendanceClose: () => seen.push(null),
    });
    host.fake.openAttendance({ ...FAKE_ATTENDANCE, atendimentoId: 'at-2' });
    host.fake.closeAttendance();
    expect(seen.slice(-2)).toEqual(['at-2', null]);
  });
});
