import { act, render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { type HostAttendance } from '@crm-panel/contracts';
import { createFakeHostAdapter, FAKE_ATTENDANCE } from '@host-bridge/testing/createFakeHostAdapter';
import { AttendanceProvider } from './AttendanceProvider';
import { useAttendance, useAttendanceStore } from './useAttendance';
import { useAttendanceOpened } from './useAttendanceOpened';

const joao: HostAttendance = {
  atendimentoId: 'at-1002',
  canalId: 'canal-whatsapp-acme',
  descricao: 'Pedido de orçamento',
  contato: { id: 'contato-joao', nome: 'João Pereira', nomeSecundario: null, numero: null },
};

function Watcher({ seen }: { seen: string[] }) {
  // What the screen shows at the moment of each call: the call comes before the render.
  useAttendanceOpened((opened) =>
    seen.push(`${opened.atendimentoId} (tela: ${screen.getByRole('status').textContent})`),
  );
  const { attendance } = useAttendance();
  return <p role="status">{attendance?.atendimentoId ?? 'vazio'}</p>;
}

it("calls back in the host's open event, before the panel renders the attendance", () => {
  const adapter = createFakeHostAdapter();
  const seen: string[] = [];
  render(
    <AttendanceProvider adapter={adapter} initialAttendance={FAKE_ATTENDANCE}>
      <Watcher seen={seen} />
    </AttendanceProvider>,
  );
  // The attendance in the store on mount is the render's to ask for.
  expect(screen.getByRole('status')).toHaveTextContent('at-1001');
  expect(seen).toEqual([]);

  act(() => adapter.openAttendance(joao));
  expect(screen.getByRole('status')).toHaveTextContent('at-1002');
  act(() => adapter.closeAttendance());
  expect(screen.getByRole('status')).toHaveTextContent('vazio');
  act(() => adapter.openAttendance(FAKE_ATTENDANCE));

  expect(seen).toEqual(['at-1002 (tela: at-1001)', 'at-1001 (tela: vazio)']);
});

it('counts the open a host re-emits once the panel listens', () => {
  const seen: string[] = [];
  render(
    <AttendanceProvider adapter={createFakeHostAdapter({ attendance: FAKE_ATTENDANCE })}>
      <Watcher seen={seen} />
    </AttendanceProvider>,
  );
  expect(screen.getByRole('status')).toHaveTextContent('at-1001');
  expect(seen).toEqual(['at-1001 (tela: vazio)']);
});

/** Counts the store's subscriptions from its first render on, before any effect runs. */
function CountSubscriptions({ count, children }: { count: { n: number }; children: ReactNode }) {
  const store = useAttendanceStore();
  useState(() => {
    const subscribe = store.subscribe;
    store.subscribe = (listener) => {
      count.n += 1;
      return subscribe(listener);
    };
    return null;
  });
  return children;
}

it('subscribes once however often the panel renders, and calls the latest callback', () => {
  const adapter = createFakeHostAdapter();
  const count = { n: 0 };
  const seen: string[] = [];
  let rerender = () => undefined as void;
  function Rendering() {
    const [renders, setRenders] = useState(1);
    rerender = () => setRenders((n) => n + 1);
    // A new inline callback on every render, as MainPanel's.
    useAttendanceOpened((opened) =>
      seen.push(`${opened.atendimentoId} na renderização ${renders}`),
    );
    return <p role="status">{renders}</p>;
  }
  render(
    <AttendanceProvider adapter={adapter} initialAttendance={FAKE_ATTENDANCE}>
      <CountSubscriptions count={count}>
        <Rendering />
      </CountSubscriptions>
    </AttendanceProvider>,
  );
  const afterMount = count.n;
  expect(afterMount).toBeGreaterThan(0);
  for (let i = 0; i < 4; i += 1) act(() => rerender());
  expect(screen.getByRole('status')).toHaveTextContent('5');
  expect(count.n).toBe(afterMount);

  act(() => adapter.openAttendance(joao));
  expect(seen).toEqual(['at-1002 na renderização 5']);
});

it('says where it must be used', () => {
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(() => render(<Watcher seen={[]} />)).toThrow(
    'useAttendance deve ser usado dentro de AttendanceProvider',
  );
  spy.mockRestore();
});
