import { screen } from '@testing-library/react';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('announces its message in a status region', async () => {
    const { container } = renderWithTheme(<Spinner message="Verificando termos..." />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Verificando termos...');
    expect(screen.getByText('Verificando termos...')).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it("announces 'Carregando...' when there is no message", () => {
    renderWithTheme(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
  });

  it('covers its parent as an overlay and the viewport when full-screen', async () => {
    const { container } = renderWithTheme(
      <>
        <Spinner variant="overlay" message="Salvando" />
        <Spinner variant="fullscreen" message="Verificando autenticação..." />
      </>,
    );
    const [overlay, fullscreen] = screen.getAllByRole('status');
    expect(overlay).toHaveStyle({ position: 'absolute' });
    expect(fullscreen).toHaveStyle({ position: 'fixed' });
    expect(fullscreen).toHaveTextContent('Verificando autenticação...');
    await expectNoAxeViolations(container);
  });
});
