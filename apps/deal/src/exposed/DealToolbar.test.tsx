import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { PanelThemeProvider } from '@crm-panel/ui';
import { DealToolbar } from './DealToolbar';
import { DealGeneralTab } from './DealGeneralTab';

const withTheme = (ui: ReactElement) => <PanelThemeProvider>{ui}</PanelThemeProvider>;

it('offers both deal filters, and deal creation only with a contact', async () => {
  const { rerender } = render(withTheme(<DealToolbar contactId={null} dealId={null} />));
  await userEvent.click(screen.getByRole('button', { name: /Filtro de negociações/ }));
  expect(screen.getByRole('menuitemradio', { name: 'Todas as negociações' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await userEvent.click(
    screen.getByRole('menuitemradio', { name: 'Negociações com esse contato' }),
  );
  expect(screen.getByRole('button', { name: 'Criar Negociação' })).toBeDisabled();
  rerender(withTheme(<DealToolbar contactId="c1" dealId={null} />));
  expect(screen.getByRole('button', { name: 'Criar Negociação' })).toBeEnabled();
});

it('asks for a deal in the general tab when none is selected', () => {
  render(withTheme(<DealGeneralTab dealId={null} />));
  expect(
    screen.getByText('Selecione ou crie uma negociação para ver seus dados.'),
  ).toBeInTheDocument();
});
