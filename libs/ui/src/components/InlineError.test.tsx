import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { InlineError } from './InlineError';

describe('InlineError', () => {
  it("shows the message as an alert with a 'Tentar novamente' button", async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    const { container } = renderWithTheme(
      <InlineError message="Erro ao carregar notas. Tente novamente." onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Erro ao carregar notas. Tente novamente.');
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });
});
