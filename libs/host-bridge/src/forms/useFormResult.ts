import { useEffect, useRef } from 'react';
import { type ModalRoute } from '@crm-panel/contracts';
import { onFormResult, type FormResultListener } from './formResultBus';

/** Calls `listener` for each form result (of `route` only, when given) while mounted. */
export function useFormResult(route: ModalRoute | undefined, listener: FormResultListener): void {
  const listenerRef = useRef(listener);
  useEffect(() => {
    listenerRef.current = listener;
  });
  useEffect(
    () =>
      onFormResult((event) => {
        if (route === undefined || event.route === route) listenerRef.current(event);
      }),
    [route],
  );
}
