import { render, screen } from '@testing-library/react';
import { ProductsTab } from './ProductsTab';

it('shows the products empty state and disables its actions without a deal', () => {
  render(<ProductsTab dealId={null} />);
  expect(screen.getByText('Nenhum produto encontrado')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Adicionar Produto' })).toBeDisabled();
});
