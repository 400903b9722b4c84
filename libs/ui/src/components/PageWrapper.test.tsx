import { screen } from '@testing-library/react';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { PageWrapper } from './PageWrapper';

describe('PageWrapper', () => {
  it('is 90% wide, at most 1400px, centred, and animates in over 0.16 s', async () => {
    const { container } = renderWithTheme(
      <PageWrapper data-testid="page">
        <h1>Bem-vindo!</h1>
      </PageWrapper>,
    );
    const page = screen.getByTestId('page');
    expect(page).toHaveStyle({ width: '90%', maxWidth: '1400px' });
    const css = Array.from(document.querySelectorAll('style'))
      .map((style) => style.textContent ?? '')
      .join('\n');
    const pageRule = css
      .split('}')
      .find(
        (rule) =>
          rule.includes(`.${page.classList[1]}{`) || rule.includes(`.${page.classList[1]} {`),
      );
    expect(pageRule).toMatch(/margin:\s*0 auto/);
    expect(pageRule).toMatch(/animation:\s*\S+ 0\.16s/);
    expect(css).toMatch(
      /@keyframes[^{]+\{\s*(from|0%)\s*\{[^}]*opacity:\s*0;[^}]*transform:\s*translateY\(8px\)/,
    );
    expect(css).toMatch(/prefers-reduced-motion:\s*reduce/);
    expect(screen.getByRole('heading', { name: 'Bem-vindo!' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});
