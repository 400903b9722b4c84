import type { ReactNode } from 'react';
import { Route as MatchedRoute } from 'wouter';

export interface RouteProps {
  /** An exact path ('/note-view-modal'; a trailing slash and letter case aside), or '*' for any. */
  path: string;
  element: ReactNode;
}

/** One route of `<Routes>`: its element when the location matches its path. */
export function Route({ path, element }: RouteProps) {
  return <MatchedRoute path={path}>{element}</MatchedRoute>;
}
