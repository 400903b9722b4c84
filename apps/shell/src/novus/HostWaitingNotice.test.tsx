import { act, screen } from '@testing-library/react';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { renderShell } from '@shell/test-utils';
import { HostWaitingNotice } from './HostWaitingNotice';

it("says 'Aguardando o sistema de atendimento…' while the host makes a request wait, gone after", () => {
  let report: (waiting: boolean) => void = () => undefined;
  const adapter = Object.assign(createFakeHostAdapter(), {
    watchWaiting: (listener: (waiting: boolean) => void) => {
      report = listener;
      return () => undefined;
    },
    userInfoPending: () => false,
  });
  renderShell(<HostWaitingNotice />, { adapter });
  expect(screen.queryByText('Aguardando o sistema de atendimento…')).toBeNull();
  act(() => report(true));
  expect(screen.getByRole('status')).toHaveTextContent('Aguardando o sistema de atendimento…');
  act(() => report(false));
  expect(screen.queryByText('Aguardando o sistema de atendimento…')).toBeNull();
});

it('shows nothing for a host whose requests time out instead', () => {
  renderShell(<HostWaitingNotice />, { adapter: createFakeHostAdapter() });
  expect(screen.queryByRole('status')).toBeNull();
});

it('stays quiet in a Novus frame that cannot reach its host: the panel says why instead', () => {
  const adapter = Object.assign(createFakeHostAdapter(), {
    kind: 'novus' as const,
    watchWaiting: (listener: (waiting: boolean) => void) => {
      listener(true);
      return () => undefined;
    },
    userInfoPending: () => true,
    diagnostics: () => ({
      hostOrigin: 'https://outra.novus.example',
      origins: {
        parameter: 'https://outra.novus.example',
        referrer: null,
        ancestor: 'https://acme.novus.example',
      },
    }),
  });
  renderShell(<HostWaitingNotice />, { adapter });
  expect(screen.queryByText('Aguardando o sistema de atendimento…')).toBeNull();
});
