import { type ReactNode } from 'react';
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
