import type { ReactNode } from 'react';
import { Router } from 'wouter';

export interface BrowserRouterProps {
  children?: ReactNode;
}

/** The panel's router on a page: the location is the browser's (History API). */
export function BrowserRouter({ children }: BrowserRouterProps) {
  return <Router>{children}</Router>;
}
