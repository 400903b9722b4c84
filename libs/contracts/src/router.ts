// The router the shell and every remote share (`@crm-panel/contracts/router`): one module, so the
// page holds one router (react-router-dom) and its context reaches every remote. A shared module is
// downloaded whole and never tree-shaken, so this entry re-exports only the parts the panel uses:
// what it does not name here, react-router's tree shaking leaves out of the shared chunk.
// The panel's routes are flat exact paths and a catch-all (PRODUCT.md §2); react-router matches
// them ignoring letter case (a <Route>'s `caseSensitive` is off by default) and a trailing slash.
// Apps and libs import the router from here, never from the package (eslint.config.mjs).
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
  type BrowserRouterProps,
  type LinkProps,
  type Location,
  type MemoryRouterProps,
  type NavigateFunction,
  type NavigateOptions,
  type NavigateProps,
  type RouteProps,
  type RoutesProps,
} from 'react-router-dom';
