import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type HostAttendance } from '@crm-panel/contracts';
import { createFakeHostAdapter, FAKE_ATTENDANCE } from '@host-bridge/testing/createFakeHostAdapter';
import { AttendanceProvider } from './AttendanceProvider';
import { useAttendance } from './useAttendance';

const joao: HostAttendance = {
  atendimentoId: 'at-1002',
  canalId: 'canal-whatsapp-acme',
  descricao: 'Pedido de orçamento',
  contato: {
    id: 'contato-joao',
    nome: 'João Pereira',
    nomeSecundario: null,
    numero: '+5521998765432',
  },
};

function Current() {
  const { attendance, setAttendance, clearAttendance } = useAttendance();
  return (
    <div>
      <p>
        {attendance ? `${attendance.atendimentoId} ${attendance.contato?.nome ?? ''}` : 'vazio'}
      </p>
      <button onClick={() => setAttendance(joao)}>trocar</button>
      <button onClick={() => clearAttendance()}>limpar</button>
    </div>
  );
}

describe('AttendanceProvider', () => {
  it('starts empty and can be replaced and cleared', async () => {
    const user = userEvent.setup();
    render(
      <AttendanceProvider>
        <Current />
      </AttendanceProvider>,
    );
    expect(screen.getByText('vazio')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'trocar' }));
    expect(screen.getByText('at-1002 João Pereira')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'limpar' }));
    expect(screen.getByText('vazio')).toBeInTheDocument();
  });

  it('is set by the host open event and cleared by the close event, which returns to /', () => {
    const adapter = createFakeHostAdapter();
    const onClose = jest.fn();
    render(
      <AttendanceProvider adapter={adapter} onClose={onClose}>
        <Current />
      </AttendanceProvider>,
    );
    act(() => adapter.openAttendance(FAKE_ATTENDANCE));
    expect(screen.getByText('at-1001 Mariana Costa')).toBeInTheDocument();
    act(() => adapter.openAttendance(joao));
    expect(screen.getByText('at-1002 João Pereira')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    act(() => adapter.closeAttendance());
    expect(screen.getByText('vazio')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('sees an attendance the host opened before it mounted', () => {
    const adapter = createFakeHostAdapter({ attendance: FAKE_ATTENDANCE });
    render(
      <AttendanceProvider adapter={adapter}>
        <Current />
      </AttendanceProvider>,
    );
    expect(screen.getByText('at-1001 Mariana Costa')).toBeInTheDocument();
  });

  it('keeps one store per provider', () => {
    render(
      <>
        <AttendanceProvider initialAttendance={FAKE_ATTENDANCE}>
          <Current />
        </AttendanceProvider>
        <AttendanceProvider>
          <Current />
        </AttendanceProvider>
      </>,
    );
    expect(screen.getByText('at-1001 Mariana Costa')).toBeInTheDocument();
    expect(screen.getByText('vazio')).toBeInTheDocument();
  });

  it('throws when used outside its provider', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Current />)).toThrow(
      'useAttendance deve ser usado dentro de AttendanceProvider',
    );
    error.mockRestore();
  });
});
