import {
  DROPDOWN_LIST_MAX_HEIGHT,
  PAGE_MAX_WIDTH,
  PAGE_TRANSITION_SECONDS,
  PAGE_WIDTH,
} from '@crm-panel/crm-model';
import { render, screen } from '@testing-library/react';
import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';
import styled, { useTheme } from 'styled-components';
import { expectNoAxeViolations } from '@ui/test-utils';
import { PanelThemeProvider } from './PanelThemeProvider';
import { theme } from './theme';

const StyledProbe = styled.p`
  color: ${({ theme: t }) => t.colors.dangerText};
`;

function ThemeReader() {
  const current = useTheme();
  return <StyledProbe>{current.colors.primary}</StyledProbe>;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
  });
}

describe('theme', () => {
  it('takes the spec limits from crm-model', () => {
    expect(theme.layout.pageWidth).toBe(PAGE_WIDTH);
    expect(theme.layout.pageMaxWidth).toBe(PAGE_MAX_WIDTH);
    expect(theme.motion.pageSeconds).toBe(PAGE_TRANSITION_SECONDS);
    expect(theme.sizes.dropdownListMaxHeight).toBe(DROPDOWN_LIST_MAX_HEIGHT);
  });

  it('keeps a 4/8 px spacing scale', () => {
    for (const value of Object.values(theme.space)) {
      const px = Number.parseFloat(value);
      expect(px % 2).toBe(0);
    }
  });

  it('PanelThemeProvider provides the theme and the global style', async () => {
    const { container } = render(
      <PanelThemeProvider>
        <ThemeReader />
      </PanelThemeProvider>,
    );
    expect(screen.getByText(theme.colors.primary)).toHaveStyle({ color: theme.colors.dangerText });
    expect(getComputedStyle(document.body).fontFamily).toContain('Inter');
    expect(getComputedStyle(document.body).color).toBe('rgb(16, 24, 40)');
    await expectNoAxeViolations(container);
  });

  it('is the only place with raw colours', () => {
    const root = join(__dirname, '..');
    const offenders = sourceFiles(root)
      .filter((file) => !file.endsWith(join('theme', 'theme.ts')))
      .filter((file) => /#[0-9a-fA-F]{3,8}\b|rgba?\(|hsla?\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });
});
