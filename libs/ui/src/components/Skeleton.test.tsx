import { screen } from '@testing-library/react';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { Skeleton } from './Skeleton';

describe('Skeleton', () => {
  it('draws the requested number of lines and announces loading once', async () => {
    const { container } = renderWithTheme(<Skeleton lines={3} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Carregando...');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status.querySelectorAll('[aria-hidden="true"]')).toHaveLength(3);
    await expectNoAxeViolations(container);
  });

  it('supports blocks, circles and decorative use', async () => {
    const { container } = renderWithTheme(
      <>
        <Skeleton variant="block" height="login" label="Carregando tarefa" />
        <Skeleton variant="circle" decorative />
      </>,
    );
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Carregando tarefa');
    await expectNoAxeViolations(container);
  });

  it('animates only the opacity of its shapes: the compositor runs it, the page paints nothing per frame', () => {
    renderWithTheme(<Skeleton lines={2} />);
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
    const frames = [...css.matchAll(/@keyframes[^{]*\{((?:[^{}]*\{[^{}]*\})*)[^{}]*\}/g)].map(
      (match) => match[1] ?? '',
    );
    expect(frames).not.toHaveLength(0);
    const animated = frames.flatMap((block) =>
      [...block.matchAll(/([a-z-]+)\s*:/g)].map((match) => match[1]),
    );
    expect(new Set(animated)).toEqual(new Set(['opacity']));
  });
});
