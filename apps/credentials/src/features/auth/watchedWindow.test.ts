import { openWatchedWindow, popupFeatures } from './watchedWindow';

/** A window that opens children (or refuses to), as the browser's `window.open` does. */
function fakeOpener(open: (url: string, name: string, features: string) => Window | null) {
  return {
    screenX: 100,
    screenY: 50,
    outerWidth: 1200,
    outerHeight: 900,
    open: jest.fn(open),
  } as unknown as Window & { open: jest.Mock };
}

describe('openWatchedWindow', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('opens a centred window under its name and reports once, on the first poll that sees it closed', () => {
    const child = { closed: false } as { closed: boolean };
    const opener = fakeOpener(() => child as unknown as Window);
    const onClosed = jest.fn();
    const watched = openWatchedWindow('https://painel.example/rdstation-auth-popup', {
      name: 'crm-panel-auth',
      width: 600,
      height: 700,
      pollMs: 500,
      onClosed,
      window: opener,
    });
    expect(watched?.child).toBe(child);
    expect(opener.open).toHaveBeenCalledWith(
      'https://painel.example/rdstation-auth-popup',
      'crm-panel-auth',
      'popup=yes,width=600,height=700,left=400,top=150',
    );
    jest.advanceTimersByTime(1_500);
    expect(onClosed).not.toHaveBeenCalled();
    child.closed = true;
    jest.advanceTimersByTime(499);
    expect(onClosed).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onClosed).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(5_000);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('stops watching when told: a window closed afterwards reports nothing', () => {
    const child = { closed: false };
    const onClosed = jest.fn();
    const watched = openWatchedWindow('/x', {
      name: 'n',
      width: 600,
      height: 700,
      pollMs: 500,
      onClosed,
      window: fakeOpener(() => child as unknown as Window),
    });
    watched?.stop();
    child.closed = true;
    jest.advanceTimersByTime(5_000);
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('answers null when the browser, or a frame that may not open windows, refuses (null or a throw)', () => {
    const options = { name: 'n', width: 600, height: 700, pollMs: 500, onClosed: jest.fn() };
    expect(openWatchedWindow('/x', { ...options, window: fakeOpener(() => null) })).toBeNull();
    const throwing = fakeOpener(() => {
      throw new DOMException('Blocked opening in a sandboxed frame', 'SecurityError');
    });
    expect(openWatchedWindow('/x', { ...options, window: throwing })).toBeNull();
    jest.advanceTimersByTime(5_000);
    expect(options.onClosed).not.toHaveBeenCalled();
  });

  it('centres the features over the opener, never off the screen’s left or top edge', () => {
    const opener = fakeOpener(() => null);
    expect(popupFeatures(opener, 600, 700)).toBe('popup=yes,width=600,height=700,left=400,top=150');
    expect(popupFeatures({ ...opener, screenX: 0, outerWidth: 300 } as Window, 600, 700)).toMatch(
      /left=0,/,
    );
  });
});
