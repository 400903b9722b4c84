import { Redirect } from 'wouter';

export interface NavigateProps {
  to: string;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

/** Navigates to `to` as soon as it is rendered (a guard's or a page's redirect). */
export function Navigate({ to, replace }: NavigateProps) {
  return <Redirect to={to} replace={replace} />;
}
