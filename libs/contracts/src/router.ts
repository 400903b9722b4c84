// The router the shell and every remote share (`@crm-panel/contracts/router`): one module, so the
// page holds one router and its context reaches every remote. A shared module is downloaded whole
// and never tree-shaken. The panel's routes are flat exact paths and a catch-all (PRODUCT.md §2),
// so they are served by wouter (about 2 KB gzip -9 with these adapters) instead of react-router
// (14.3 KB for the same parts in the shell's start-up, 60.8 KB shared whole). The names and props
// are react-router's, for the parts the panel uses.
// Apps and libs import the router from here, never from the package (eslint.config.mjs).
export { BrowserRouter, type BrowserRouterProps } from './routing/BrowserRouter';
export { MemoryRouter, type MemoryRouterProps } from './routing/MemoryRouter';
export { Routes, type RoutesProps } from './routing/Routes';
export { Route, type RouteProps } from './routing/Route';
export { Navigate, type NavigateProps } from './routing/Navigate';
export { useNavigate, type NavigateFunction, type NavigateOptions } from './routing/useNavigate';
export { useLocation, type Location } from './routing/useLocation';
export { useSearchParams } from './routing/useSearchParams';
export { Link, type LinkProps } from 'wouter';
