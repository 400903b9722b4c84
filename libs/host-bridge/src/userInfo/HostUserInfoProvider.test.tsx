import { act, render, screen } from '@testing-library/react';
import { createFakeHostAdapter } from '@host-bridge/testing/createFakeHostAdapter';
import { HostUserInfoProvider } from './HostUserInfoProvider';
import { useHostUserInfo } from './useHostUserInfo';

function Identity() {
  const { status, info } = useHostUserInfo();
  return (
    <p>
      {status}:{info ? `${info.userId}/${info.systemKey}` : '-'}
    </p>
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('HostUserInfoProvider', () => {
  it('waits for the host, then provides the user info', async () => {
    const adapter = createFakeHostAdapter({ userInfo: null });
    render(
      <HostUserInfoProvider adapter={adapter}>
        <Identity />
      </HostUserInfoProvider>,
    );
    expect(screen.getByText('waiting:-')).toBeInTheDocument();
    adapter.setUserInfo({ userId: 'user-bruno', systemKey: 'tenant-acme' });
    await act(async () => {
      jest.advanceTimersByTime(100);
    });
    expect(screen.getByText('ready:user-bruno/tenant-acme')).toBeInTheDocument();
  });

  it('reports missing after 50 × 100 ms without user info', async () => {
    const adapter = createFakeHostAdapter({ userInfo: null });
    render(
      <HostUserInfoProvider adapter={adapter}>
        <Identity />
      </HostUserInfoProvider>,
    );
    await act(async () => {
      jest.advanceTimersByTime(4800);
    });
    expect(screen.getByText('waiting:-')).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(100);
    });
    expect(screen.getByText('missing:-')).toBeInTheDocument();
  });

  it('throws when used outside its provider', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Identity />)).toThrow(
      'useHostUserInfo deve ser usado dentro de HostUserInfoProvider',
    );
    error.mockRestore();
  });
});
