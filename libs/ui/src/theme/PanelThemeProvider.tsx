import { type ComponentType, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './GlobalStyle';
import { theme } from './theme';

export interface PanelThemeProviderProps {
  children: ReactNode;
  /** Remotes rendered inside the shell already get the shell's global style; they may skip it. */
  withGlobalStyle?: boolean;
}

export function PanelThemeProvider({ children, withGlobalStyle = true }: PanelThemeProviderProps) {
  return (
    <ThemeProvider theme={theme}>
      {withGlobalStyle ? <GlobalStyle /> : null}
      {children}
    </ThemeProvider>
  );
}

/**
 * A remote's exposed module, with the theme of the ui it was built with. The shell's provider
 * gives the page its theme; a remote released on another ui takes its own copy of ui (ui holds no
 * page state), and its styles would otherwise read tokens from the shell's theme, which an older
 * shell may not have. Nested, this provider makes every area read the tokens its code was written
 * against.
 */
export function withPanelTheme<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function Themed(props: P) {
    return (
      <ThemeProvider theme={theme}>
        <Component {...props} />
      </ThemeProvider>
    );
  }
  Themed.displayName = `withPanelTheme(${Component.displayName ?? Component.name})`;
  return Themed;
}
