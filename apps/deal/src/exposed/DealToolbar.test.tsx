import { render, screen } from '@testing-library/react';
import { DealToolbar } from './DealToolbar';
import { DealGeneralTab } from './DealGeneralTab';

it('offers both deal filters and deal creation only with a contact', () => {
  const { rerender } = render(<DealToolbar contactId={null} dealId={null} />);
  expect(screen.getByRole('option', { name: 'Todas as negociações' })).toBeInTheDocument();
  expect(screen.getByRole('option', { name: 'Negociações com esse contato' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Criar Negociação' })).toBeDisabled();
  rerender(<DealToolbar contactId="c1" dealId={null} />);
  expect(screen.getByRole('button', { name: 'Criar Negociação' })).toBeEnabled();
});

it('asks for a deal in the general tab when none is selected', () => {
  render(<DealGeneralTab dealId={null} />);
  expect(
    screen.getByText('Selecione ou crie uma negociação para ver seus dados.'),
  ).toBeInTheDocument();
});
