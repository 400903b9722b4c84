import { useLocation as useRouterLocation } from 'wouter';

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

/** Goes to an absolute path of the panel, with its query ('/note-view-modal?noteId=1'). */
export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

/** The router's navigate function; the same function on every render. */
export function useNavigate(): NavigateFunction {
  return useRouterLocation()[1];
}
