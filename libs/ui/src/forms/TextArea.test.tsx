import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { TextArea } from './TextArea';

describe('TextArea', () => {
  it('follows the labelled pattern and counts characters without cutting the text', async () => {
    const user = userEvent.setup();
    const { container } = renderWithTheme(
      <TextArea
        label="Conteúdo"
        required
        characterLimit={5}
        error="O conteúdo não pode exceder 5000 caracteres"
      />,
    );
    const textarea = screen.getByRole('textbox', { name: 'Conteúdo' });
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAttribute('aria-required', 'true');
    expect(screen.getByText('0/5')).toBeInTheDocument();
    await user.type(textarea, 'abcdefg');
    expect(textarea).toHaveValue('abcdefg');
    expect(screen.getByText('7/5')).toBeInTheDocument();
    expect(textarea).toHaveAccessibleDescription('O conteúdo não pode exceder 5000 caracteres 7/5');
    await expectNoAxeViolations(container);
  });

  it('counts a controlled value', () => {
    renderWithTheme(
      <TextArea label="Descrição" characterLimit={5000} value="abc" onChange={() => undefined} />,
    );
    expect(screen.getByText('3/5000')).toBeInTheDocument();
  });
});
