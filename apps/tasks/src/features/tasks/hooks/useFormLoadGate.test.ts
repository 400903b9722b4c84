import { act, renderHook } from '@testing-library/react';
import { type HostUserInfoStatus } from '@crm-panel/host-bridge';
import { useFormLoadGate } from './useFormLoadGate';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const renderGate = (status: HostUserInfoStatus) =>
  renderHook(({ current }) => useFormLoadGate(current), { initialProps: { current: status } });

describe('useFormLoadGate', () => {
  it('opens at once when the host user info is ready', () => {
    const { result } = renderGate('ready');
    expect(result.current).toBe(true);
  });

  it('opens at once when the wait for the host ended without user info', () => {
    const { result } = renderGate('missing');
    expect(result.current).toBe(true);
  });

  it('opens as soon as the status turns ready, before 5000 ms', () => {
    const { result, rerender } = renderGate('waiting');
    act(() => jest.advanceTimersByTime(1200));
    expect(result.current).toBe(false);
    rerender({ current: 'ready' });
    expect(result.current).toBe(true);
  });

  it('opens after 5000 ms at the latest, even while the host is still not ready', () => {
    const { result } = renderGate('waiting');
    act(() => jest.advanceTimersByTime(4999));
    expect(result.current).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it('stays open once opened', () => {
    const { result, rerender } = renderGate('ready');
    rerender({ current: 'waiting' });
    expect(result.current).toBe(true);
  });
});
