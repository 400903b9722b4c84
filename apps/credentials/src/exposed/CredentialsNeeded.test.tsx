import { render as rtlRender, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { PanelThemeProvider } from '@crm-panel/ui';
import userEvent from '@testing-library/user-event';
import { CredentialsNeeded } from './CredentialsNeeded';

const render = (ui: ReactElement) => rtlRender(<PanelThemeProvider>{ui}</PanelThemeProvider>);

it("shows 'Configuração Necessária' and configures on 'Configurar Agora'", async () => {
  const onConfigure = jest.fn();
  render(<CredentialsNeeded onConfigure={onConfigure} />);
  expect(screen.getByRole('heading', { name: 'Configuração Necessária' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Configurar Agora' }));
  expect(onConfigure).toHaveBeenCalledTimes(1);
});
