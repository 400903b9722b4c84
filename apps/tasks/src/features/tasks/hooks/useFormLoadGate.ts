import { useEffect, useRef, useState } from 'react';
import { FORM_DATA_LOAD_DELAY_MS } from '@crm-panel/crm-model';
import { type HostUserInfoStatus } from '@crm-panel/host-bridge';

/**
 * Whether the form may load its data. The spec's 5000 ms wait only gives the host time to get
 * ready, so the gate opens as soon as the host user info wait has ended (ready or missing), and
 * at the latest FORM_DATA_LOAD_DELAY_MS after mounting. Once open it stays open.
 */
export function useFormLoadGate(status: HostUserInfoStatus): boolean {
  const [timedOut, setTimedOut] = useState(false);
  const openedRef = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), FORM_DATA_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (status !== 'waiting' || timedOut) openedRef.current = true;
  return openedRef.current;
}
