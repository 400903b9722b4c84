import { render as rtlRender, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { PanelThemeProvider } from '@crm-panel/ui';
import { NotesTab } from './NotesTab';

const render = (ui: ReactElement) => rtlRender(<PanelThemeProvider>{ui}</PanelThemeProvider>);

it('shows the notes empty state and disables its actions without a deal', () => {
  render(<NotesTab dealId={null} />);
  expect(screen.getByText('Nenhuma nota cadastrada')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Adicionar Nota' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Atualizar' })).toBeDisabled();
});
