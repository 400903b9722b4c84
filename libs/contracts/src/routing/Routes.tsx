import type { ReactNode } from 'react';
import { Switch } from 'wouter';

export interface RoutesProps {
  /** `<Route>` elements (arrays, fragments and nulls allowed), tried in order. */
  children?: ReactNode;
}

/** Renders the first `<Route>` whose path matches the location, and nothing when none does. */
export function Routes({ children }: RoutesProps) {
  return <Switch>{children}</Switch>;
}
