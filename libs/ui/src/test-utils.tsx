import '@testing-library/jest-dom';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { axe, toHaveNoViolations } from 'jest-axe';
import { type ReactElement, type ReactNode } from 'react';
import { PanelThemeProvider } from './theme/PanelThemeProvider';

expect.extend(toHaveNoViolations);

function Wrapper({ children }: { children: ReactNode }) {
  return <PanelThemeProvider>{children}</PanelThemeProvider>;
}

/** render() inside the panel theme. */
export function renderWithTheme(
  ui: ReactElement,
  options?: Omit<RenderOptions, 'wrapper'>,
): RenderResult {
  return render(ui, { wrapper: Wrapper, ...options });
}

/** axe needs real timers; tests running on fake timers are switched back for the check. */
export async function expectNoAxeViolations(element: Element): Promise<void> {
  jest.useRealTimers();
  expect(await axe(element)).toHaveNoViolations();
}
