import { useCallback, useEffect, useMemo, useState } from 'react';
import { type AlertTone } from '@ui/components/Alert';

export type NoticeTone = Extract<AlertTone, 'success' | 'error'>;

/** What a panel area says about what the attendant just did there. */
export interface Notice {
  tone: NoticeTone;
  text: string;
}

export interface NoticeState {
  notice: Notice | null;
  success: (text: string) => void;
  error: (text: string) => void;
  clear: () => void;
}

/**
 * The notice of one panel area (a deal tab, the deal toolbar): one at a time, kept until closed,
 * replaced or cleared. A new `resetKey` (another deal, another contact) starts without one, so a
 * notice never shows under something it is not about.
 */
export function useNotice(resetKey?: unknown): NoticeState {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    setNotice(null);
  }, [resetKey]);
  const success = useCallback((text: string) => setNotice({ tone: 'success', text }), []);
  const error = useCallback((text: string) => setNotice({ tone: 'error', text }), []);
  const clear = useCallback(() => setNotice(null), []);
  return useMemo(() => ({ notice, success, error, clear }), [notice, success, error, clear]);
}
