import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { type TabItem, Tabs } from './Tabs';

const TABS: TabItem[] = [
  { id: 'geral', label: 'Geral', content: <p>Dados gerais</p> },
  { id: 'notas', label: 'Notas', content: <p>Lista de notas</p> },
  { id: 'tarefas', label: 'Tarefas', content: <p>Lista de tarefas</p> },
  {
    id: 'produtos',
    label: 'Produtos e Serviços',
    content: <input aria-label="Campo do produto" />,
  },
];

describe('Tabs', () => {
  it('renders the WAI-ARIA tabs pattern with the first tab active', async () => {
    const { container } = renderWithTheme(<Tabs tabs={TABS} label="Negociação" />);
    expect(screen.getByRole('tablist', { name: 'Negociação' })).toBeInTheDocument();
    const geral = screen.getByRole('tab', { name: 'Geral' });
    expect(geral).toHaveAttribute('aria-selected', 'true');
    expect(geral).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Notas' })).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel', { name: 'Geral' });
    expect(panel).toHaveTextContent('Dados gerais');
    expect(geral).toHaveAttribute('aria-controls', panel.id);
    expect(screen.queryByText('Lista de notas')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('switches with arrow keys (wrapping), Home and End, moving focus along', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithTheme(<Tabs tabs={TABS} onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Geral' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Notas' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Notas' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Notas' })).toHaveTextContent('Lista de notas');
    expect(onChange).toHaveBeenLastCalledWith('notas');

    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Produtos e Serviços' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Geral' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Produtos e Serviços' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Geral' })).toHaveAttribute('aria-selected', 'true');
    expect(onChange.mock.calls.map(([id]) => id)).toEqual([
      'notas',
      'produtos',
      'geral',
      'produtos',
      'geral',
    ]);

    // Tab leaves the strip for the panel.
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Geral' })).toHaveFocus();
  });

  it('switches on click', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Tabs tabs={TABS} />);
    await user.click(screen.getByRole('tab', { name: 'Tarefas' }));
    expect(screen.getByRole('tabpanel', { name: 'Tarefas' })).toHaveTextContent('Lista de tarefas');
  });

  it('keeps inactive panels mounted and hidden with keepMounted', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Tabs tabs={TABS} keepMounted />);
    await user.click(screen.getByRole('tab', { name: 'Produtos e Serviços' }));
    await user.type(screen.getByRole('textbox', { name: 'Campo do produto' }), 'abc');
    await user.click(screen.getByRole('tab', { name: 'Notas' }));
    expect(screen.getByText('Dados gerais')).not.toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Produtos e Serviços' }));
    expect(screen.getByRole('textbox', { name: 'Campo do produto' })).toHaveValue('abc');
  });

  it('follows a controlled activeId', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [active, setActive] = useState('tarefas');
      return (
        <>
          <Tabs tabs={TABS} activeId={active} onChange={setActive} />
          <button type="button" onClick={() => setActive('notas')}>
            Ir para notas
          </button>
        </>
      );
    }
    renderWithTheme(<Controlled />);
    expect(screen.getByRole('tab', { name: 'Tarefas' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Ir para notas' }));
    expect(screen.getByRole('tabpanel', { name: 'Notas' })).toBeInTheDocument();
  });

  it('skips disabled tabs', async () => {
    const user = userEvent.setup();
    const tabs = TABS.map((tab) => (tab.id === 'notas' ? { ...tab, disabled: true } : tab));
    renderWithTheme(<Tabs tabs={tabs} />);
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Tarefas' })).toHaveFocus();
  });
});
