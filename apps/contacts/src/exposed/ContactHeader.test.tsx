import { render as rtlRender, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { PanelThemeProvider } from '@crm-panel/ui';
import { ContactHeader } from './ContactHeader';

const render = (ui: ReactElement) => rtlRender(<PanelThemeProvider>{ui}</PanelThemeProvider>);

it('says no contact is selected when there is no chat', () => {
  render(<ContactHeader contactId={null} />);
  expect(screen.getByText('Nenhum contato selecionado')).toBeInTheDocument();
});
