import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { Button } from './Button';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('shows the title, description and action', async () => {
    const user = userEvent.setup();
    const onAdd = jest.fn();
    const { container } = renderWithTheme(
      <EmptyState
        title="Nenhuma nota cadastrada"
        description="As notas da negociação aparecem aqui."
        action={<Button onClick={onAdd}>Adicionar Nota</Button>}
      />,
    );
    expect(screen.getByText('Nenhuma nota cadastrada')).toBeVisible();
    expect(screen.getByText('As notas da negociação aparecem aqui.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Adicionar Nota' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it('works with a title only', () => {
    renderWithTheme(<EmptyState title="Nenhuma tarefa encontrada" />);
    expect(screen.getByText('Nenhuma tarefa encontrada')).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
