import { type ModalResult } from '@crm-panel/contracts';
import { createNoHostAdapter } from '@host-bridge/adapter/createNoHostAdapter';
import { createFakeHostAdapter } from '@host-bridge/testing/createFakeHostAdapter';
import { createHostForms, FORM_RESULT_PROTOCOL, type HostForms } from './createHostForms';
import { onFormResult, type FormResultEvent } from './formResultBus';

const ORIGIN = window.location.origin;

let forms: HostForms | null = null;
let events: FormResultEvent[] = [];
let unsubscribe: () => void = () => undefined;

function track(created: HostForms): HostForms {
  forms = created;
  return created;
}

function setScreen(): void {
  Object.defineProperty(window, 'screenX', { configurable: true, value: 100 });
  Object.defineProperty(window, 'screenY', { configurable: true, value: 50 });
  Object.defineProperty(window, 'outerWidth', { configurable: true, value: 1400 });
  Object.defineProperty(window, 'outerHeight', { configurable: true, value: 900 });
}

function setOpener(opener: unknown): void {
  Object.defineProperty(window, 'opener', { configurable: true, value: opener });
}

/** A real (jsdom) window to stand for an opened popup, so message events can name it. */
function childWindow(): Window {
  const frame = document.createElement('iframe');
  document.body.appendChild(frame);
  if (!frame.contentWindow) throw new Error('no frame window');
  return frame.contentWindow;
}

function deliver(data: unknown, origin: string, source: Window): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

beforeEach(() => {
  events = [];
  unsubscribe = onFormResult((event) => events.push(event));
  setScreen();
  setOpener(null);
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  unsubscribe();
  forms?.dispose();
  forms = null;
  jest.restoreAllMocks();
  jest.useRealTimers();
  document.body.innerHTML = '';
});

describe('openForm', () => {
  it('uses the host modal API first, and the result reaches the opener as one event', async () => {
    const adapter = createFakeHostAdapter();
    const open = jest.spyOn(window, 'open');
    const { openForm } = track(createHostForms({ adapter }));

    expect(openForm('task-create', { dealId: 'd-1', dealName: 'Implantação CRM' })).toBe('modal');
    expect(open).not.toHaveBeenCalled();
    expect(adapter.openedForms).toEqual([
      {
        route: 'task-create',
        query: { dealId: 'd-1', dealName: 'Implantação CRM' },
        options: {
          url: `${ORIGIN}/task-create-modal?dealId=d-1&dealName=Implanta%C3%A7%C3%A3o+CRM`,
          title: 'Criar Tarefa',
          width: 600,
          height: 700,
        },
      },
    ]);

    const task = {
      id: 't-9',
      name: 'Ligar para a Mariana',
      description: 'Confirmar a proposta',
      type: 'call' as const,
      due_date: '2024-06-01T12:00:00Z',
      status: 'open' as const,
      owner_ids: ['u-1'],
      completed_by_id: null,
      deal_id: 'd-1',
    };
    adapter.resolveModal({ success: true, task });
    await Promise.resolve();
    await Promise.resolve();
    expect(events).toEqual([{ route: 'task-create', result: { success: true, task } }]);
  });

  it('falls back to a centred 600 × 700 popup without a modal API', () => {
    const popup = childWindow();
    const open = jest.spyOn(window, 'open').mockReturnValue(popup);
    const { openForm } = track(createHostForms({ adapter: createNoHostAdapter() }));
    expect(openForm('deal-create', { contactId: 'c-1' })).toBe('popup');
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(
      `${ORIGIN}/deal-create-modal?contactId=c-1`,
      'crm-panel-form',
      'popup=yes,width=600,height=700,left=500,top=150',
    );
  });

  it('falls back to a new tab when the popup is blocked', () => {
    const tab = childWindow();
    const open = jest.spyOn(window, 'open').mockReturnValueOnce(null).mockReturnValueOnce(tab);
    const { openForm } = track(createHostForms({ adapter: createNoHostAdapter() }));
    expect(openForm('credentials-setup', {})).toBe('tab');
    expect(open).toHaveBeenNthCalledWith(2, `${ORIGIN}/credentials-setup-modal`, '_blank');
  });

  it('falls back to in-app navigation when no window can be opened', () => {
    jest.spyOn(window, 'open').mockReturnValue(null);
    const navigate = jest.fn();
    const { openForm } = track(createHostForms({ adapter: createNoHostAdapter(), navigate }));
    expect(openForm('note-view', { body: '<p>Oi</p>', registeredAt: '2024-05-10T13:00:00Z' })).toBe(
      'page',
    );
    expect(window.open).toHaveBeenCalledTimes(2);
    expect(navigate).toHaveBeenCalledWith(
      '/note-view-modal?body=%3Cp%3EOi%3C%2Fp%3E&registeredAt=2024-05-10T13%3A00%3A00Z',
    );
  });
});

describe('results from a popup', () => {
  function openPopup(route: 'contact-edit' | 'product-create' = 'product-create') {
    const popup = childWindow();
    jest.spyOn(window, 'open').mockReturnValue(popup);
    const created = track(createHostForms({ adapter: createNoHostAdapter() }));
    if (route === 'product-create') created.openForm(route, { dealId: 'd-1' });
    else created.openForm(route, { contactId: 'c-1', name: 'Mariana Costa' });
    return popup;
  }

  const result: ModalResult = { success: true, updated: true };
  const message = { protocol: FORM_RESULT_PROTOCOL, type: 'formResult', route: null, result };

  it('accepts the result posted by the popup it opened', () => {
    const popup = openPopup('contact-edit');
    deliver(message, ORIGIN, popup);
    expect(events).toEqual([{ route: 'contact-edit', result }]);
    deliver(message, ORIGIN, popup);
    expect(events).toHaveLength(1);
  });

  it('ignores a result from another origin', () => {
    const popup = openPopup();
    deliver(message, 'https://evil.example.com', popup);
    expect(events).toEqual([]);
  });

  it('ignores a result from a window it did not open', () => {
    openPopup();
    deliver(message, ORIGIN, childWindow());
    expect(events).toEqual([]);
  });

  it('ignores a malformed result', () => {
    const popup = openPopup();
    deliver({ ...message, result: { success: 'sim' } }, ORIGIN, popup);
    expect(events).toEqual([]);
  });

  it('treats a popup closed without a result as a cancel', () => {
    jest.useFakeTimers();
    const popup = { closed: false } as Window;
    jest.spyOn(window, 'open').mockReturnValue(popup);
    const { openForm } = track(createHostForms({ adapter: createNoHostAdapter() }));
    openForm('note-create', { dealId: 'd-1' });
    jest.advanceTimersByTime(1000);
    expect(events).toEqual([]);
    (popup as { closed: boolean }).closed = true;
    jest.advanceTimersByTime(500);
    expect(events).toEqual([]);
    jest.advanceTimersByTime(500);
    expect(events).toEqual([{ route: 'note-create', result: { success: false } }]);
  });
});

describe('closeForm', () => {
  it('closes the host modal with the result', async () => {
    const adapter = createFakeHostAdapter();
    const back = jest.spyOn(window.history, 'back');
    const { closeForm } = track(createHostForms({ adapter }));
    await expect(closeForm({ success: true, dealId: 'd-42' })).resolves.toBe('modal');
    expect(adapter.closedForms).toEqual([{ success: true, dealId: 'd-42' }]);
    expect(back).not.toHaveBeenCalled();
  });

  it('posts the result to the opener, origin-checked, and closes the popup', async () => {
    window.history.replaceState(null, '', '/remove-integration-modal');
    const opener = { closed: false, postMessage: jest.fn() };
    setOpener(opener);
    const close = jest.spyOn(window, 'close').mockImplementation(() => undefined);
    const { closeForm } = track(createHostForms({ adapter: createNoHostAdapter() }));
    await expect(closeForm({ success: true, removed: true, usersAffected: 3 })).resolves.toBe(
      'opener',
    );
    expect(opener.postMessage).toHaveBeenCalledWith(
      {
        protocol: FORM_RESULT_PROTOCOL,
        type: 'formResult',
        route: 'remove-integration',
        result: { success: true, removed: true, usersAffected: 3 },
      },
      ORIGIN,
    );
    expect(close).toHaveBeenCalled();
  });

  it('goes back in history without host or opener; Cancel ends with success false', async () => {
    window.history.replaceState(null, '', '/task-create-modal?dealId=d-1');
    const back = jest.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const { cancelForm } = track(createHostForms({ adapter: createNoHostAdapter() }));
    await expect(cancelForm()).resolves.toBe('history');
    expect(back).toHaveBeenCalledTimes(1);
    expect(events).toEqual([{ route: 'task-create', result: { success: false } }]);
  });

  it('goes back in history after an in-app form, even under a host with closeModal', async () => {
    jest.spyOn(window, 'open').mockReturnValue(null);
    const back = jest.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const adapter = { ...createFakeHostAdapter(), openModal: null };
    const { openForm, closeForm } = track(createHostForms({ adapter, navigate: jest.fn() }));
    expect(openForm('product-create', { dealId: 'd-1', productId: 'dp-1' })).toBe('page');
    await expect(closeForm({ success: true, updated: true })).resolves.toBe('history');
    expect(back).toHaveBeenCalledTimes(1);
    expect(adapter.closedForms).toEqual([]);
    expect(events).toEqual([{ route: 'product-create', result: { success: true, updated: true } }]);
  });
});
