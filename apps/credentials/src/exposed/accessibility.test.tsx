import { screen } from '@testing-library/react';
import { axe, toHaveNoViolations } from 'jest-axe';
import { setupTestServer } from '@crm-panel/api-client/testing';
import { renderPage } from '@credentials/test-utils';
import { CredentialsManagerPage } from './CredentialsManagerPage';
import { CredentialsSetupPage } from './CredentialsSetupPage';
import { LoginPage } from './LoginPage';
import { LoginPromptPage } from './LoginPromptPage';
import { TermsPage } from './TermsPage';

expect.extend(toHaveNoViolations);

const server = setupTestServer();

describe('accessibility (axe)', () => {
  it('terms', async () => {
    const { container } = renderPage(<TermsPage />);
    await screen.findByRole('button', { name: 'Começar' });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('credentials form with errors', async () => {
    server.db.state.integration.credentialsConfigured = false;
    const { container, user } = renderPage(<CredentialsSetupPage mode="modal" />);
    await user.click(await screen.findByRole('button', { name: 'Salvar Credenciais' }));
    await screen.findByText('Client ID é obrigatório');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('manager with the confirm-password step', async () => {
    const { container, user } = renderPage(<CredentialsManagerPage mode="page" />);
    await user.click(await screen.findByRole('button', { name: 'Desativar Integração' }));
    expect(await axe(container)).toHaveNoViolations();
  });

  it('login prompt and login page', async () => {
    const prompt = renderPage(<LoginPromptPage />);
    await screen.findByRole('heading', { name: 'Bem-vindo!' });
    expect(await axe(prompt.container)).toHaveNoViolations();
    prompt.unmount();
    const login = renderPage(<LoginPage />);
    await screen.findByRole('button', { name: 'Buscar Contatos' });
    expect(await axe(login.container)).toHaveNoViolations();
  });
});
