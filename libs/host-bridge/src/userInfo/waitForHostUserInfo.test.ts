import { type HostUserInfo } from '@crm-panel/contracts';
import { waitForHostUserInfo } from './waitForHostUserInfo';

const ANA: HostUserInfo = { userId: 'user-ana', systemKey: 'tenant-acme' };

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function hostReadyAtTry(readyAt: number | null) {
  let tries = 0;
  const readUserInfo = jest.fn(() => {
    tries += 1;
    return readyAt !== null && tries >= readyAt ? ANA : null;
  });
  return { readUserInfo };
}

async function settle(): Promise<void> {
  await Promise.resolve();
  await Promise.resolve();
}

describe('waitForHostUserInfo', () => {
  it('resolves at once when the host already has the user', async () => {
    const adapter = hostReadyAtTry(1);
    await expect(waitForHostUserInfo(adapter)).resolves.toEqual(ANA);
    expect(adapter.readUserInfo).toHaveBeenCalledTimes(1);
  });

  it('is ready at try 49, 4.8 s after the start', async () => {
    const adapter = hostReadyAtTry(49);
    const done = jest.fn();
    void waitForHostUserInfo(adapter).then(done);
    jest.advanceTimersByTime(4799);
    await settle();
    expect(done).not.toHaveBeenCalled();
    expect(adapter.readUserInfo).toHaveBeenCalledTimes(48);
    jest.advanceTimersByTime(1);
    await settle();
    expect(done).toHaveBeenCalledWith(ANA);
    expect(adapter.readUserInfo).toHaveBeenCalledTimes(49);
  });

  it('gives up with null after 50 tries 100 ms apart', async () => {
    const adapter = hostReadyAtTry(null);
    const done = jest.fn();
    void waitForHostUserInfo(adapter).then(done);
    jest.advanceTimersByTime(4899);
    await settle();
    expect(done).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await settle();
    expect(done).toHaveBeenCalledWith(null);
    expect(adapter.readUserInfo).toHaveBeenCalledTimes(50);
    jest.advanceTimersByTime(10_000);
    expect(adapter.readUserInfo).toHaveBeenCalledTimes(50);
  });

  it('would have been ready at try 51: still null', async () => {
    const adapter = hostReadyAtTry(51);
    const result = waitForHostUserInfo(adapter);
    jest.advanceTimersByTime(10_000);
    await expect(result).resolves.toBeNull();
  });

  it('stops when aborted', async () => {
    const adapter = hostReadyAtTry(null);
    const controller = new AbortController();
    const result = waitForHostUserInfo(adapter, { signal: controller.signal });
    jest.advanceTimersByTime(250);
    controller.abort();
    await expect(result).resolves.toBeNull();
    jest.advanceTimersByTime(10_000);
    expect(adapter.readUserInfo).toHaveBeenCalledTimes(3);
  });
});
