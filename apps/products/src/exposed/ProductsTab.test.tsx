import { render as rtlRender, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { PanelThemeProvider } from '@crm-panel/ui';
import { ProductsTab } from './ProductsTab';

const render = (ui: ReactElement) => rtlRender(<PanelThemeProvider>{ui}</PanelThemeProvider>);

it('shows the products empty state and disables its actions without a deal', () => {
  render(<ProductsTab dealId={null} />);
  expect(screen.getByText('Nenhum produto encontrado')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Adicionar Produto' })).toBeDisabled();
});
