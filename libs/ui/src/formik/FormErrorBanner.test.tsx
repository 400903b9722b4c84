import { screen } from '@testing-library/react';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { FormErrorBanner } from './FormErrorBanner';

describe('FormErrorBanner', () => {
  it.each([undefined, null, ''])('renders nothing for %p', (message) => {
    const { container } = renderWithTheme(<FormErrorBanner message={message} />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the message in an error alert', async () => {
    const { container } = renderWithTheme(
      <FormErrorBanner message="Erro ao criar tarefa. Tente novamente." />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Erro ao criar tarefa. Tente novamente.');
    await expectNoAxeViolations(container);
  });
});
