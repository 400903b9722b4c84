import { screen } from '@testing-library/react';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { Logo } from './Logo';

describe('Logo', () => {
  it.each(['small', 'medium', 'large'] as const)(
    'is an image named "Painel CRM" (%s)',
    async (size) => {
      const { container } = renderWithTheme(<Logo size={size} />);
      const logo = screen.getByRole('img', { name: 'Painel CRM' });
      expect(logo).toHaveTextContent('Painel CRM');
      await expectNoAxeViolations(container);
    },
  );

  it('draws a bigger mark for a bigger size', () => {
    const { container, rerender } = renderWithTheme(<Logo size="small" />);
    expect(container.querySelector('svg')).toHaveAttribute('width', '20');
    rerender(<Logo size="large" />);
    expect(container.querySelector('svg')).toHaveAttribute('width', '40');
  });

  it('can hide the wordmark and keep its name', () => {
    renderWithTheme(<Logo size="small" markOnly />);
    expect(screen.getByRole('img', { name: 'Painel CRM' })).not.toHaveTextContent('CRM');
  });
});
