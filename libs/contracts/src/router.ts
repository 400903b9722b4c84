// The router the shell and every remote share (`@crm-panel/contracts/router`): one module, so the
// page holds one router and its context reaches every remote. Only what the panel uses is
// exported: a shared module is downloaded whole and never tree-shaken, and react-router-dom
// shared whole weighed 60.8 KB gzip -9 in the shell's start-up, these parts about 15 KB.
// Apps and libs import the router from here, never from react-router-dom (eslint.config.mjs).
// eslint-disable-next-line no-restricted-imports -- the one place that imports the package
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
} from 'react-router-dom';
