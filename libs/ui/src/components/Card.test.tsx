import { screen } from '@testing-library/react';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { Button } from './Button';
import { Card } from './Card';

describe('Card', () => {
  it('is a region named by its title, with actions', async () => {
    const { container } = renderWithTheme(
      <Card title="Status da negociação" actions={<Button variant="secondary">Atualizar</Button>}>
        <p>Em andamento</p>
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Status da negociação' });
    expect(region).toHaveTextContent('Em andamento');
    expect(screen.getByRole('heading', { name: 'Status da negociação' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Atualizar' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('renders only its content without a title', () => {
    renderWithTheme(<Card>Conteúdo</Card>);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.getByText('Conteúdo')).toBeInTheDocument();
  });
});
