import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { NewTabLink } from './NewTabLink';

const CRM_DEAL = 'https://crm.rdstation.com/app/deals/deal-1';
const BLOCKED =
  'O sistema de atendimento não deixa o painel abrir novas abas. Copie o link e abra-o numa nova aba do navegador.';

function renderLink() {
  const user = userEvent.setup();
  const view = renderWithTheme(<NewTabLink href={CRM_DEAL}>Abrir no CRM</NewTabLink>);
  return { user, ...view, link: screen.getByRole('link', { name: 'Abrir no CRM' }) };
}

afterEach(() => jest.restoreAllMocks());

describe('NewTabLink', () => {
  it('opens the link in a new tab without an opener, as a target _blank link does', async () => {
    const tab = { opener: window } as unknown as Window;
    const open = jest.spyOn(window, 'open').mockReturnValue(tab);
    const { user, link } = renderLink();
    expect(link).toHaveAttribute('href', CRM_DEAL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await user.click(link);
    expect(open).toHaveBeenCalledWith(CRM_DEAL, '_blank');
    expect(tab.opener).toBeNull();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('in a frame that may open no tab, shows the link to copy instead of doing nothing', async () => {
    jest.spyOn(window, 'open').mockReturnValue(null);
    const { user, link } = renderLink();
    await user.click(link);
    const dialog = screen.getByRole('alertdialog', { name: 'Abrir em nova aba' });
    expect(dialog).toHaveAccessibleDescription(BLOCKED);
    const field = screen.getByRole('textbox', { name: 'Link' });
    expect(field).toHaveValue(CRM_DEAL);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveFocus();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copiar link' }));
    expect(writeText).toHaveBeenCalledWith(CRM_DEAL);
    expect(await screen.findByText('Link copiado.')).toBeVisible();
    await expectNoAxeViolations(dialog);
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('copies through the selected field when the frame has no clipboard, and says so when nothing copies', async () => {
    jest.spyOn(window, 'open').mockReturnValue(null);
    const { user, link } = renderLink();
    await user.click(link);
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    const execCommand = jest.fn().mockReturnValueOnce(true).mockReturnValueOnce(false);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copiar link' }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(await screen.findByText('Link copiado.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Copiar link' }));
    expect(
      await screen.findByText('Não foi possível copiar. Selecione o link e copie-o com Ctrl+C.'),
    ).toBeVisible();
  });

  it("leaves a click with a modifier (a new window, Ctrl+click) to the browser's own handling", () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const { link } = renderLink();
    const shown = fireEvent.click(link, { ctrlKey: true });
    expect(shown).toBe(true);
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
