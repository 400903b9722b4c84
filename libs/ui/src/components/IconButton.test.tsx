import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { IconButton } from './IconButton';

describe('IconButton', () => {
  it('is named by its label and clickable', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    const { container } = renderWithTheme(
      <>
        <IconButton label="Atualizar" icon="refresh" onClick={onClick} />
        <IconButton label="Editar contato" icon="edit" variant="secondary" />
        <IconButton label="Excluir" icon="trash" variant="danger" loading />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Excluir' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Excluir' })).toHaveAttribute('aria-busy', 'true');
    await expectNoAxeViolations(container);
  });
});
