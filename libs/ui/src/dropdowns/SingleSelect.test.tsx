import { type DropdownOption } from '@crm-panel/crm-model';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { SingleSelect, type SingleSelectProps } from './SingleSelect';

const DEALS: DropdownOption[] = [
  { value: 'd1', label: 'Plano Anual - Acme' },
  { value: 'd2', label: 'Consultoria - Beta', subtitle: 'Funil de vendas' },
  { value: 'd3', label: 'Renovação - Gama' },
];

type HarnessProps = Omit<SingleSelectProps, 'value' | 'onChange'> & {
  initial?: string | null;
  onChange?: SingleSelectProps['onChange'];
};

/** Holds the value like a real parent would. */
function Harness({ initial = null, onChange, ...props }: HarnessProps) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <SingleSelect
      {...props}
      value={value}
      onChange={(next, option) => {
        setValue(next);
        onChange?.(next, option);
      }}
    />
  );
}

/** jsdom has no layout: give the scroll container the sizes a browser would compute. */
function setScroll(
  element: HTMLElement,
  sizes: { scrollHeight: number; clientHeight: number; scrollTop: number },
) {
  Object.defineProperty(element, 'scrollHeight', { configurable: true, value: sizes.scrollHeight });
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: sizes.clientHeight });
  element.scrollTop = sizes.scrollTop;
  fireEvent.scroll(element);
}

afterEach(() => {
  jest.useRealTimers();
});

describe('SingleSelect', () => {
  it("shows 'Selecione uma opção', opens on click and picks an option", async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const { container } = renderWithTheme(
      <Harness label="Negociação" options={DEALS} onChange={onChange} />,
    );
    const combobox = screen.getByRole('combobox', { name: 'Negociação' });
    expect(combobox).toHaveTextContent('Selecione uma opção');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await expectNoAxeViolations(container);

    await user.click(combobox);
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Negociação' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Plano Anual - Acme', 'Consultoria - BetaFunil de vendas', 'Renovação - Gama']);
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('option', { name: /Consultoria - Beta/ }));
    expect(onChange).toHaveBeenCalledWith('d2', DEALS[1]);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combobox).toHaveTextContent('Consultoria - Beta');
    expect(combobox).toHaveFocus();
  });

  it('uses a custom placeholder and marks the chosen option as selected', async () => {
    const user = userEvent.setup();
    renderWithTheme(
      <Harness label="Origem" placeholder="Escolha a origem" options={DEALS} initial="d3" />,
    );
    const combobox = screen.getByRole('combobox', { name: 'Origem' });
    expect(combobox).toHaveTextContent('Renovação - Gama');
    await user.click(combobox);
    expect(screen.getByRole('option', { name: 'Renovação - Gama' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('option', { name: 'Plano Anual - Acme' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
  });

  it('shows selectedLabel for a value outside the loaded options', () => {
    renderWithTheme(
      <Harness label="Negociação" options={DEALS} initial="d99" selectedLabel="Negócio antigo" />,
    );
    expect(screen.getByRole('combobox', { name: 'Negociação' })).toHaveTextContent(
      'Negócio antigo',
    );
  });

  it("says 'Carregando...', never the raw id, while the value's options load", () => {
    const STAGES: DropdownOption[] = [{ value: 'stage-proposta', label: 'Proposta enviada' }];
    const { rerender } = renderWithTheme(
      <SingleSelect
        label="Etapa do funil"
        options={[]}
        loading
        value="stage-proposta"
        onChange={jest.fn()}
      />,
    );
    const combobox = screen.getByRole('combobox', { name: 'Etapa do funil' });
    expect(combobox).toHaveTextContent('Carregando...');
    expect(combobox).not.toHaveTextContent('stage-proposta');
    rerender(
      <SingleSelect
        label="Etapa do funil"
        options={STAGES}
        value="stage-proposta"
        onChange={jest.fn()}
      />,
    );
    expect(combobox).toHaveTextContent('Proposta enviada');
    rerender(
      <SingleSelect label="Etapa do funil" options={STAGES} value={null} onChange={jest.fn()} />,
    );
    expect(combobox).toHaveTextContent('Selecione uma opção');
  });

  it("says 'Carregando...' in the search box and the summary while the name is unknown", () => {
    const { rerender } = renderWithTheme(
      <SingleSelect
        label="Responsável"
        options={[]}
        loading
        value="user-42"
        searchable
        onChange={jest.fn()}
      />,
    );
    const box = screen.getByRole('combobox', { name: 'Responsável' });
    expect(box).toHaveValue('');
    expect(box).toHaveAttribute('placeholder', 'Carregando...');
    rerender(
      <SingleSelect
        label="Responsável"
        options={[]}
        loading
        value="user-42"
        onChange={jest.fn()}
        onChangeRequest={jest.fn()}
      />,
    );
    const summary = screen.getByRole('group', { name: 'Responsável' });
    expect(summary).toHaveTextContent('Carregando...');
    expect(summary).not.toHaveTextContent('user-42');
  });

  it("says 'Opção não encontrada' once the options have loaded without the value", () => {
    const USERS: DropdownOption[] = [{ value: 'user-1', label: 'Ana Souza' }];
    const { rerender } = renderWithTheme(
      <SingleSelect label="Responsável" options={USERS} value="user-42" onChange={jest.fn()} />,
    );
    const combobox = screen.getByRole('combobox', { name: 'Responsável' });
    expect(combobox).toHaveTextContent('Opção não encontrada');
    expect(combobox).not.toHaveTextContent('Carregando...');
    expect(combobox).not.toHaveTextContent('user-42');
    rerender(
      <SingleSelect
        label="Responsável"
        options={USERS}
        value="user-42"
        searchable
        onChange={jest.fn()}
        onChangeRequest={jest.fn()}
      />,
    );
    expect(screen.getByRole('group', { name: 'Responsável' })).toHaveTextContent(
      'Opção não encontrada',
    );
  });

  it("shows 'Nenhuma opção disponível' (or the given empty text) for an empty list", async () => {
    const user = userEvent.setup();
    const { rerender } = renderWithTheme(<Harness label="Responsável" options={[]} />);
    await user.click(screen.getByRole('combobox', { name: 'Responsável' }));
    expect(screen.getByText('Nenhuma opção disponível')).toBeVisible();
    rerender(<Harness label="Responsável" options={[]} emptyText="Nenhum usuário encontrado" />);
    expect(screen.getByText('Nenhum usuário encontrado')).toBeVisible();
  });

  it("shows 'Carregando...' while loading and 'Carregando mais...' while loading more", async () => {
    const user = userEvent.setup();
    const { rerender, container } = renderWithTheme(
      <Harness label="Negociação" options={DEALS} loading />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Negociação' }));
    expect(screen.getByText('Carregando...')).toBeVisible();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.queryByText('Nenhuma opção disponível')).not.toBeInTheDocument();

    rerender(<Harness label="Negociação" options={DEALS} hasMore loadingMore />);
    expect(screen.queryByText('Carregando...')).not.toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(screen.getByText('Carregando mais...')).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it('sends the search text exactly 600 ms after typing stops', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onSearch = jest.fn();
    renderWithTheme(<Harness label="Negociação" options={DEALS} searchable onSearch={onSearch} />);
    const input = screen.getByRole('combobox', { name: 'Negociação' });

    await user.type(input, 'ac');
    act(() => jest.advanceTimersByTime(300));
    await user.type(input, 'me');
    expect(screen.getByRole('listbox')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(599));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('acme');

    act(() => jest.advanceTimersByTime(5000));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('resets a sent search when the list closes', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onSearch = jest.fn();
    renderWithTheme(<Harness label="Negociação" options={DEALS} searchable onSearch={onSearch} />);
    const input = screen.getByRole('combobox', { name: 'Negociação' });
    await user.type(input, 'beta');
    act(() => jest.advanceTimersByTime(600));
    expect(onSearch).toHaveBeenLastCalledWith('beta');
    await user.keyboard('{Escape}');
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(input).toHaveValue('');
  });

  it('filters the options locally when searchable without onSearch', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Harness label="Negociação" options={DEALS} searchable />);
    await user.type(screen.getByRole('combobox', { name: 'Negociação' }), 'renovacao');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Renovação - Gama']);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('combobox', { name: 'Negociação' })).toHaveValue('Renovação - Gama');
  });

  it('loads more 200 ms after the list is scrolled within 50 px of its bottom', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onLoadMore = jest.fn();
    const { rerender } = renderWithTheme(
      <Harness label="Negociação" options={DEALS} hasMore onLoadMore={onLoadMore} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Negociação' }));
    const scroller = screen.getByRole('listbox').parentElement as HTMLElement;

    // 51 px from the bottom: too far.
    setScroll(scroller, { scrollHeight: 1000, clientHeight: 240, scrollTop: 709 });
    act(() => jest.advanceTimersByTime(1000));
    expect(onLoadMore).not.toHaveBeenCalled();

    // Exactly 50 px from the bottom.
    setScroll(scroller, { scrollHeight: 1000, clientHeight: 240, scrollTop: 710 });
    act(() => jest.advanceTimersByTime(199));
    expect(onLoadMore).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    // Still at the bottom, same page: no second request.
    setScroll(scroller, { scrollHeight: 1000, clientHeight: 240, scrollTop: 760 });
    act(() => jest.advanceTimersByTime(1000));
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    // A new page arrived: the next trip to the bottom asks again.
    const more = [...DEALS, { value: 'd4', label: 'Expansão - Delta' }];
    rerender(<Harness label="Negociação" options={more} hasMore onLoadMore={onLoadMore} />);
    setScroll(scroller, { scrollHeight: 1200, clientHeight: 240, scrollTop: 950 });
    act(() => jest.advanceTimersByTime(200));
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('does not load more without hasMore or while loading more', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onLoadMore = jest.fn();
    const { rerender } = renderWithTheme(
      <Harness label="Negociação" options={DEALS} onLoadMore={onLoadMore} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Negociação' }));
    const scroller = screen.getByRole('listbox').parentElement as HTMLElement;
    setScroll(scroller, { scrollHeight: 1000, clientHeight: 240, scrollTop: 760 });
    act(() => jest.advanceTimersByTime(1000));

    rerender(
      <Harness label="Negociação" options={DEALS} hasMore loadingMore onLoadMore={onLoadMore} />,
    );
    setScroll(scroller, { scrollHeight: 1000, clientHeight: 240, scrollTop: 760 });
    act(() => jest.advanceTimersByTime(1000));
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  it('caps the list height at 15rem', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Harness label="Negociação" options={DEALS} />);
    await user.click(screen.getByRole('combobox', { name: 'Negociação' }));
    expect(screen.getByRole('listbox').parentElement).toHaveStyle({
      maxHeight: '15rem',
      overflowY: 'auto',
    });
  });

  it("with a value offers 'Alterar', 'Remover' and 'Abrir no CRM'", async () => {
    const user = userEvent.setup();
    const onChangeRequest = jest.fn();
    const onChange = jest.fn();
    const { container } = renderWithTheme(
      <Harness
        label="Negociação"
        options={DEALS}
        initial="d1"
        onChange={onChange}
        onChangeRequest={onChangeRequest}
        allowRemove
        crmUrl="https://crm.example.test/app/deals/d1"
      />,
    );
    expect(screen.getByRole('group', { name: 'Negociação' })).toHaveTextContent(
      'Plano Anual - Acme',
    );
    const link = screen.getByRole('link', { name: 'Abrir no CRM' });
    expect(link).toHaveAttribute('href', 'https://crm.example.test/app/deals/d1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Alterar' }));
    expect(onChangeRequest.mock.calls).toEqual([[true]]);
    expect(screen.getByRole('listbox', { name: 'Negociação' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Negociação' })).toHaveFocus();

    await user.click(screen.getByRole('option', { name: 'Renovação - Gama' }));
    expect(onChange).toHaveBeenLastCalledWith('d3', DEALS[2]);
    // The choice closed the list: what feeds it is no longer wanted.
    expect(onChangeRequest.mock.calls).toEqual([[true], [false]]);
    expect(screen.getByRole('group', { name: 'Negociação' })).toHaveTextContent('Renovação - Gama');
    expect(screen.getByRole('button', { name: 'Alterar' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remover' }));
    expect(onChange).toHaveBeenLastCalledWith(null, undefined);
    expect(screen.getByRole('combobox', { name: 'Negociação' })).toHaveTextContent(
      'Selecione uma opção',
    );
    expect(screen.queryByRole('link', { name: 'Abrir no CRM' })).not.toBeInTheDocument();
  });

  it("returns to the summary when 'Alterar' is abandoned with Escape", async () => {
    const user = userEvent.setup();
    const onChangeRequest = jest.fn();
    renderWithTheme(
      <Harness label="Negociação" options={DEALS} initial="d1" onChangeRequest={onChangeRequest} />,
    );
    await user.click(screen.getByRole('button', { name: 'Alterar' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChangeRequest.mock.calls).toEqual([[true], [false]]);
    expect(screen.getByRole('button', { name: 'Alterar' })).toHaveFocus();
  });

  it("without onChangeRequest shows 'Remover' and 'Abrir no CRM' beside the combobox", async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithTheme(
      <Harness
        label="Organização"
        options={DEALS}
        initial="d2"
        onChange={onChange}
        allowRemove
        crmUrl="https://crm.example.test/o/d2"
      />,
    );
    expect(screen.queryByRole('button', { name: 'Alterar' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Organização' })).toHaveTextContent(
      'Consultoria - Beta',
    );
    expect(screen.getByRole('link', { name: 'Abrir no CRM' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    expect(onChange).toHaveBeenCalledWith(null, undefined);
  });

  it('closes on an outside click without choosing', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithTheme(
      <div>
        <p>Fora</p>
        <Harness label="Negociação" options={DEALS} onChange={onChange} />
      </div>,
    );
    await user.click(screen.getByRole('combobox', { name: 'Negociação' }));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.click(screen.getByText('Fora'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('stays open when clicking inside the list', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Harness label="Negociação" options={[]} />);
    await user.click(screen.getByRole('combobox', { name: 'Negociação' }));
    await user.click(screen.getByText('Nenhuma opção disponível'));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('is operable with the keyboard: arrows, Home/End, Enter and Escape', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithTheme(<Harness label="Negociação" options={DEALS} onChange={onChange} />);
    await user.tab();
    const combobox = screen.getByRole('combobox', { name: 'Negociação' });
    expect(combobox).toHaveFocus();

    const active = () => {
      const id = combobox.getAttribute('aria-activedescendant');
      return id ? document.getElementById(id)?.textContent : null;
    };

    await user.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    expect(active()).toBe('Plano Anual - Acme');
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe('Consultoria - BetaFunil de vendas');
    await user.keyboard('{End}');
    expect(active()).toBe('Renovação - Gama');
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe('Renovação - Gama');
    await user.keyboard('{Home}');
    expect(active()).toBe('Plano Anual - Acme');
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe('Plano Anual - Acme');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('d2', DEALS[1]);
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).toHaveFocus();

    // Reopening starts at the chosen option; Escape closes without changing it.
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe('Consultoria - BetaFunil de vendas');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(combobox).toHaveTextContent('Consultoria - Beta');
  });

  it('chooses with arrows and Enter in the searchable box too', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithTheme(<Harness label="Produto" options={DEALS} searchable onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Produto' });
    await user.click(input);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('d2', DEALS[1]);
    expect(input).toHaveValue('Consultoria - Beta');
  });

  it('does nothing while disabled', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Harness label="Etapa" options={DEALS} disabled />);
    const combobox = screen.getByRole('combobox', { name: 'Etapa' });
    expect(combobox).toHaveAttribute('aria-disabled', 'true');
    await user.click(combobox);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('is named by its placeholder when it has no label', () => {
    renderWithTheme(<Harness options={DEALS} />);
    expect(screen.getByRole('combobox', { name: 'Selecione uma opção' })).toBeInTheDocument();
  });
});
