import { act, renderHook } from '@testing-library/react';
import { useFormLoadGate } from './useFormLoadGate';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const renderGate = (hostWaiting: boolean) =>
  renderHook(({ waiting }) => useFormLoadGate(waiting), {
    initialProps: { waiting: hostWaiting },
  });

describe('useFormLoadGate', () => {
  it('opens at once when the wait for the host user info has ended', () => {
    const { result } = renderGate(false);
    expect(result.current).toBe(true);
  });

  it('opens as soon as the host stops being waited for, before 5000 ms', () => {
    const { result, rerender } = renderGate(true);
    act(() => jest.advanceTimersByTime(1200));
    expect(result.current).toBe(false);
    rerender({ waiting: false });
    expect(result.current).toBe(true);
  });

  it('opens after 5000 ms at the latest, even while the host is still awaited', () => {
    const { result } = renderGate(true);
    act(() => jest.advanceTimersByTime(4999));
    expect(result.current).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it('stays open once opened', () => {
    const { result, rerender } = renderGate(false);
    rerender({ waiting: true });
    expect(result.current).toBe(true);
  });
});
