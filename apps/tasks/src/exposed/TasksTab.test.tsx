import { render as rtlRender, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { PanelThemeProvider } from '@crm-panel/ui';
import { TasksTab } from './TasksTab';

const render = (ui: ReactElement) => rtlRender(<PanelThemeProvider>{ui}</PanelThemeProvider>);

it('shows the tasks empty state and disables its actions without a deal', () => {
  render(<TasksTab dealId={null} />);
  expect(screen.getByText('Nenhuma tarefa encontrada')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Adicionar' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Atualizar' })).toBeDisabled();
});
