import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { Checkbox } from './Checkbox';

describe('Checkbox', () => {
  it('labels the box, allows a link in the label and shows its error', async () => {
    const user = userEvent.setup();
    const { container } = renderWithTheme(
      <Checkbox
        label={
          <>
            Estou de acordo com os <a href="https://example.test/termos">termos de uso</a> do
            produto
          </>
        }
        error="Você precisa aceitar ambos os termos para continuar"
      />,
    );
    const box = screen.getByRole('checkbox', {
      name: 'Estou de acordo com os termos de uso do produto',
    });
    expect(box).not.toBeChecked();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Você precisa aceitar ambos os termos para continuar');
    await user.click(box);
    expect(box).toBeChecked();
    expect(screen.getByRole('link', { name: 'termos de uso' })).toHaveAttribute(
      'href',
      'https://example.test/termos',
    );
    await expectNoAxeViolations(container);
  });
});
