import { render, screen } from '@testing-library/react';
import { TasksTab } from './TasksTab';

it('shows the tasks empty state and disables its actions without a deal', () => {
  render(<TasksTab dealId={null} />);
  expect(screen.getByText('Nenhuma tarefa encontrada')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Adicionar' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Atualizar' })).toBeDisabled();
});
