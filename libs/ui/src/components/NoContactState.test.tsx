import { screen } from '@testing-library/react';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { Button } from './Button';
import { NoContactState } from './NoContactState';

describe('NoContactState', () => {
  it('says no chat is open', () => {
    renderWithTheme(<NoContactState hasAttendance={false} />);
    expect(screen.getByText('Nenhum contato selecionado')).toBeVisible();
    expect(
      screen.getByText('Abra um atendimento no chat para ver o contato dele no CRM.'),
    ).toBeVisible();
  });

  it('says the open chat has no contact, with the next step given', async () => {
    const { container } = renderWithTheme(
      <NoContactState hasAttendance action={<Button>Voltar ao painel</Button>} />,
    );
    expect(screen.getByText('Nenhum contato selecionado')).toBeVisible();
    expect(
      screen.getByText(
        'Este atendimento não tem um contato no chat: sem nome nem telefone para vincular.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Voltar ao painel' })).toBeVisible();
    await expectNoAxeViolations(container);
  });
});
