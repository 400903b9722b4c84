import { render, screen } from '@testing-library/react';
import { NotesTab } from './NotesTab';

it('shows the notes empty state and disables its actions without a deal', () => {
  render(<NotesTab dealId={null} />);
  expect(screen.getByText('Nenhuma nota cadastrada')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Adicionar Nota' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Atualizar' })).toBeDisabled();
});
