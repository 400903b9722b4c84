import { screen } from '@testing-library/react';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { StatusBadge } from './StatusBadge';

describe('StatusBadge', () => {
  it('shows its text in every tone', async () => {
    const { container } = renderWithTheme(
      <>
        <StatusBadge tone="neutral">Pausada</StatusBadge>
        <StatusBadge tone="info">Em andamento</StatusBadge>
        <StatusBadge tone="success">Venda Ganha</StatusBadge>
        <StatusBadge tone="danger">Venda Perdida</StatusBadge>
        <StatusBadge tone="warning">Abertas</StatusBadge>
      </>,
    );
    for (const text of ['Pausada', 'Em andamento', 'Venda Ganha', 'Venda Perdida', 'Abertas']) {
      expect(screen.getByText(text)).toBeVisible();
    }
    await expectNoAxeViolations(container);
  });
});
