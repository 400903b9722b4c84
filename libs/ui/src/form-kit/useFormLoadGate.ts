import { useEffect, useRef, useState } from 'react';
import { FORM_DATA_LOAD_DELAY_MS } from '@crm-panel/crm-model';

/**
 * Whether a modal form may load its data. The spec's 5000 ms wait only gives the host time to
 * hand over the user info every request is signed with, so the gate opens as soon as the form
 * stops waiting for the host (`hostWaiting` false: the form says when, e.g. once the user info is
 * ready), and at the latest FORM_DATA_LOAD_DELAY_MS after mounting. Once open it stays open: a later change of the user info
 * must not hide loaded data.
 */
export function useFormLoadGate(hostWaiting: boolean): boolean {
  const [timedOut, setTimedOut] = useState(false);
  const openedRef = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), FORM_DATA_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!hostWaiting || timedOut) openedRef.current = true;
  return openedRef.current;
}
