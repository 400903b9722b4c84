import { type ReactElement, type ReactNode, useEffect } from 'react';
import { Link, Route, Routes, useLocation, useNavigate } from '@crm-panel/contracts/router';
import styled from 'styled-components';
import { useStore } from 'zustand';
import { PageWrapper } from '@crm-panel/ui';
import { type StandaloneModalRoute } from './StandaloneModalLayer';
import { type StandaloneHost } from './standaloneHost';

/** A link of the page's menu: one way to see an exposed module. */
export interface StandaloneView {
  label: string;
  /** Path and query, e.g. '/' or buildModalUrl('task-create', {...}). */
  to: string;
}

/** A page of the standalone app: a path and what it shows (an exposed module, a demo). */
export interface StandalonePageRoute {
  path: string;
  element: ReactElement;
}

export interface StandaloneFrameProps {
  name: string;
  host: StandaloneHost;
  views: StandaloneView[];
  routes: StandalonePageRoute[];
  /** Modal pages are also reachable as pages of their own (a host without a modal API). */
  modalRoutes: StandaloneModalRoute[];
  /** Controls of the mock world (e.g. failure switches), shown under the menu. */
  controls?: ReactNode;
}

const StyledPage = styled(PageWrapper)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => `${theme.space[4]} 0`};
`;

const StyledNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledNav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};

  a {
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
    border: ${({ theme }) => theme.borders.default};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.neutralText};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    text-decoration: none;
  }

  a[aria-current='page'] {
    border-color: ${({ theme }) => theme.colors.primaryBorder};
    background: ${({ theme }) => theme.colors.primarySubtle};
    color: ${({ theme }) => theme.colors.primaryText};
  }
`;

const StyledResult = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border: ${({ theme }) => theme.borders.dashed};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/** The standalone page: what it is, a menu of the exposed modules, the module, the last result. */
export function StandaloneFrame({
  name,
  host,
  views,
  routes,
  modalRoutes,
  controls,
}: StandaloneFrameProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}`;
  const lastResult = useStore(host.store, (state) => state.lastResult);

  // A form opened as a page goes back to the module's first view when it ends.
  useEffect(() => {
    host.setPageExit(() => navigate(views[0]?.to ?? '/'));
    return () => host.setPageExit(null);
  }, [host, navigate, views]);

  const pages = (
    <Routes>
      {[...modalRoutes, ...routes].map((route) => (
        <Route key={route.path} path={route.path} element={route.element} />
      ))}
    </Routes>
  );
  // A window this page opened (the sign-in window): shown bare, as the host would show it.
  if (window.opener !== null) return <StyledPage>{pages}</StyledPage>;

  return (
    <StyledPage>
      <StyledNote>
        Módulo {name} em execução isolada: api simulada no navegador (MSW) e host simulado.
      </StyledNote>
      <StyledNav aria-label="Módulos expostos">
        {views.map((view) => (
          <Link key={view.label} to={view.to} aria-current={view.to === here ? 'page' : undefined}>
            {view.label}
          </Link>
        ))}
      </StyledNav>
      {controls}
      {pages}
      {lastResult ? (
        <StyledResult aria-label="Último resultado de formulário">
          {`Último resultado de formulário: ${JSON.stringify(lastResult, null, 2)}`}
        </StyledResult>
      ) : null}
    </StyledPage>
  );
}
