import { act, render, screen } from '@testing-library/react';
import { useAttendance } from '@host-bridge/attendance/useAttendance';
import { createFakeHostAdapter, FAKE_ATTENDANCE } from '@host-bridge/testing/createFakeHostAdapter';
import { useHostUserInfo } from '@host-bridge/userInfo/useHostUserInfo';
import { HostBridgeProvider } from './HostBridgeProvider';
import { useHostAdapter } from './useHostAdapter';
import { useHostForms } from './useHostForms';

function Panel() {
  const { status, info } = useHostUserInfo();
  const { attendance } = useAttendance();
  const adapter = useHostAdapter();
  return (
    <div>
      <p>
        {adapter.kind} {status} {info?.userId ?? '-'}
      </p>
      <p>{attendance?.contato?.nome ?? 'Nenhum contato selecionado'}</p>
    </div>
  );
}

describe('HostBridgeProvider', () => {
  it('provides adapter, user info and attendance; closing returns to /', async () => {
    const adapter = createFakeHostAdapter();
    const navigate = jest.fn();
    render(
      <HostBridgeProvider adapter={adapter} navigate={navigate}>
        <Panel />
      </HostBridgeProvider>,
    );
    expect(await screen.findByText('fake ready user-ana')).toBeInTheDocument();
    expect(screen.getByText('Nenhum contato selecionado')).toBeInTheDocument();
    act(() => adapter.openAttendance(FAKE_ATTENDANCE));
    expect(screen.getByText('Mariana Costa')).toBeInTheDocument();
    act(() => adapter.closeAttendance());
    expect(screen.getByText('Nenhum contato selecionado')).toBeInTheDocument();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('throws for the adapter and forms hooks outside the provider', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Adapter() {
      useHostAdapter();
      return null;
    }
    function Forms() {
      useHostForms();
      return null;
    }
    expect(() => render(<Adapter />)).toThrow(
      'useHostAdapter deve ser usado dentro de HostAdapterProvider',
    );
    expect(() => render(<Forms />)).toThrow(
      'useHostForms deve ser usado dentro de HostAdapterProvider',
    );
    error.mockRestore();
  });
});
