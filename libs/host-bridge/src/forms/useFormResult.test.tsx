import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { type ModalRoute } from '@crm-panel/contracts';
import { createFakeHostAdapter } from '@host-bridge/testing/createFakeHostAdapter';
import { FakeHostProvider } from '@host-bridge/testing/FakeHostProvider';
import { useHostForms } from '@host-bridge/provider/useHostForms';
import { useFormResult } from './useFormResult';

function DealArea({ route }: { route?: ModalRoute }) {
  const { openForm } = useHostForms();
  const [last, setLast] = useState('nenhum');
  useFormResult(route, ({ route: from, result }) =>
    setLast(`${from}: ${result.success ? (result.dealId ?? 'ok') : 'cancelado'}`),
  );
  return (
    <div>
      <button onClick={() => openForm('deal-create', { contactId: 'c-1' })}>
        Criar Negociação
      </button>
      <button onClick={() => openForm('note-create', { dealId: 'd-1' })}>Adicionar Nota</button>
      <p>{last}</p>
    </div>
  );
}

async function settle(): Promise<void> {
  await act(async () => {
    await Promise.resolve();
  });
}

describe('useFormResult', () => {
  it('hands the opener the result of the form it opened through the host', async () => {
    const user = userEvent.setup();
    const adapter = createFakeHostAdapter();
    render(
      <FakeHostProvider adapter={adapter}>
        <DealArea />
      </FakeHostProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Criar Negociação' }));
    expect(adapter.openedForms.map((form) => form.route)).toEqual(['deal-create']);
    adapter.resolveModal({ success: true, dealId: 'd-55' });
    await settle();
    expect(screen.getByText('deal-create: d-55')).toBeInTheDocument();
  });

  it('listens to one route only when given', async () => {
    const user = userEvent.setup();
    const adapter = createFakeHostAdapter();
    render(
      <FakeHostProvider adapter={adapter}>
        <DealArea route="deal-create" />
      </FakeHostProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Adicionar Nota' }));
    adapter.resolveModal({ success: true, updated: true });
    await settle();
    expect(screen.getByText('nenhum')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Criar Negociação' }));
    adapter.resolveModal();
    await settle();
    expect(screen.getByText('deal-create: cancelado')).toBeInTheDocument();
  });
});
