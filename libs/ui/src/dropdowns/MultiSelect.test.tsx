import { type DropdownOption } from '@crm-panel/crm-model';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { MultiSelect, type MultiSelectProps } from './MultiSelect';

const USERS: DropdownOption[] = [
  { value: 'u1', label: 'Ana Souza', subtitle: 'ana@empresa.com.br' },
  { value: 'u2', label: 'Bruno Lima', subtitle: 'bruno@empresa.com.br' },
  { value: 'u3', label: 'Carla Dias', subtitle: 'carla@empresa.com.br' },
];

type HarnessProps = Omit<MultiSelectProps, 'value' | 'onChange'> & {
  initial?: string[];
  onChange?: MultiSelectProps['onChange'];
};

function Harness({ initial = [], onChange, ...props }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <MultiSelect
      {...props}
      value={value}
      onChange={(next, selected) => {
        setValue(next);
        onChange?.(next, selected);
      }}
    />
  );
}

afterEach(() => {
  jest.useRealTimers();
});

describe('MultiSelect', () => {
  it("shows 'Selecione uma ou mais opções' and options with their subtitles", async () => {
    const user = userEvent.setup();
    const { container } = renderWithTheme(<Harness label="Responsáveis" options={USERS} />);
    const combobox = screen.getByRole('combobox', { name: 'Responsáveis' });
    expect(combobox).toHaveTextContent('Selecione uma ou mais opções');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(combobox);
    const listbox = screen.getByRole('listbox', { name: 'Responsáveis' });
    expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    const ana = within(listbox).getByRole('option', { name: /Ana Souza/ });
    expect(within(ana).getByText('Ana Souza')).toBeVisible();
    expect(within(ana).getByText('ana@empresa.com.br')).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it('toggles options, keeps the list open and shows chips', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithTheme(<Harness label="Responsáveis" options={USERS} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Responsáveis' }));
    await user.click(screen.getByRole('option', { name: /Bruno Lima/ }));
    await user.click(screen.getByRole('option', { name: /Ana Souza/ }));
    expect(onChange).toHaveBeenLastCalledWith(['u2', 'u1'], [USERS[1], USERS[0]]);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Bruno Lima/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    const chips = screen.getByRole('list', { name: 'Responsáveis' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Bruno Lima', 'Ana Souza']);

    await user.click(screen.getByRole('option', { name: /Bruno Lima/ }));
    expect(onChange).toHaveBeenLastCalledWith(['u1'], [USERS[0]]);
  });

  it("removes a chip with its 'Remover {label}' button", async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const { container } = renderWithTheme(
      <Harness label="Responsáveis" options={USERS} initial={['u1', 'u3']} onChange={onChange} />,
    );
    expect(screen.getByRole('button', { name: 'Remover Ana Souza' })).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Remover Carla Dias' }));
    expect(onChange).toHaveBeenCalledWith(['u1'], [USERS[0]]);
    expect(screen.queryByRole('button', { name: 'Remover Carla Dias' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Responsáveis' })).toHaveFocus();
  });

  it('labels chips of chosen values missing from the options with selectedOptions', () => {
    renderWithTheme(
      <Harness
        label="Responsáveis"
        options={[]}
        initial={['u9']}
        selectedOptions={[{ value: 'u9', label: 'Zeca Alves' }]}
      />,
    );
    expect(screen.getByRole('button', { name: 'Remover Zeca Alves' })).toBeInTheDocument();
  });

  it('shows the empty text prop', async () => {
    const user = userEvent.setup();
    renderWithTheme(
      <Harness label="Responsáveis" options={[]} emptyText="Nenhum usuário encontrado" />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Responsáveis' }));
    expect(screen.getByText('Nenhum usuário encontrado')).toBeVisible();
  });

  it("defaults the empty text to 'Nenhuma opção disponível'", async () => {
    const user = userEvent.setup();
    renderWithTheme(<Harness label="Responsáveis" options={[]} />);
    await user.click(screen.getByRole('combobox', { name: 'Responsáveis' }));
    expect(screen.getByText('Nenhuma opção disponível')).toBeVisible();
  });

  it('searches locally, toggles with Enter and removes the last chip with Backspace', async () => {
    const user = userEvent.setup();
    const { container } = renderWithTheme(
      <Harness label="Responsáveis" options={USERS} searchable />,
    );
    const input = screen.getByRole('combobox', { name: 'Responsáveis' });
    expect(input).toHaveAttribute('placeholder', 'Selecione uma ou mais opções');
    await user.type(input, 'carla');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remover Carla Dias' })).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.clear(input);
    await user.keyboard('{Backspace}');
    expect(screen.queryByRole('button', { name: 'Remover Carla Dias' })).not.toBeInTheDocument();
  });

  it('debounces onSearch by 600 ms', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onSearch = jest.fn();
    renderWithTheme(
      <Harness label="Responsáveis" options={USERS} searchable onSearch={onSearch} />,
    );
    await user.type(screen.getByRole('combobox', { name: 'Responsáveis' }), 'bru');
    act(() => jest.advanceTimersByTime(599));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledWith('bru');
    // The parent filters: all given options stay visible.
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('closes on Escape and on an outside click', async () => {
    const user = userEvent.setup();
    renderWithTheme(
      <div>
        <p>Fora</p>
        <Harness label="Responsáveis" options={USERS} />
      </div>,
    );
    const combobox = screen.getByRole('combobox', { name: 'Responsáveis' });
    await user.click(combobox);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.click(screen.getByText('Fora'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
