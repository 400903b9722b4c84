import { type Theme } from './theme';

// Makes `props.theme` typed as our Theme in every styled component of the workspace. Each key is
// listed (rather than `extends Theme {}`) so the interface is never empty.
declare module 'styled-components' {
  export interface DefaultTheme {
    colors: Theme['colors'];
    space: Theme['space'];
    borders: Theme['borders'];
    breakpoints: Theme['breakpoints'];
    radii: Theme['radii'];
    shadows: Theme['shadows'];
    fonts: Theme['fonts'];
    fontSizes: Theme['fontSizes'];
    fontWeights: Theme['fontWeights'];
    lineHeights: Theme['lineHeights'];
    letterSpacings: Theme['letterSpacings'];
    sizes: Theme['sizes'];
    layout: Theme['layout'];
    motion: Theme['motion'];
    zIndices: Theme['zIndices'];
  }
}
