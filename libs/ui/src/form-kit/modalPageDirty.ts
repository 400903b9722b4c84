import { createContext, useContext, useEffect, useId } from 'react';

/**
 * How a form inside a ModalPage tells the page whether something was typed: the page asks before
 * Escape throws that away. Each form reports under its own key; none reported means nothing typed.
 */
export type ReportDirty = (key: string, dirty: boolean) => void;

export const ModalPageDirtyContext = createContext<ReportDirty | null>(null);

/** Reports `dirty` to the enclosing ModalPage (if any) while mounted; clears it on unmount. */
export function useReportDirty(dirty: boolean): void {
  const report = useContext(ModalPageDirtyContext);
  const key = useId();
  useEffect(() => {
    report?.(key, dirty);
  }, [report, key, dirty]);
  useEffect(() => () => report?.(key, false), [report, key]);
}
