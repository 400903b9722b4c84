import { type ModalResult, type ModalRoute } from '@crm-panel/contracts';

/** Every form ending reaches the opener as this one event, however the form was opened. */
export interface FormResultEvent {
  /** The form that ended; null when it cannot be told (a page ended with no known route). */
  route: ModalRoute | null;
  result: ModalResult;
}

export type FormResultListener = (event: FormResultEvent) => void;

// One bus per document. host-bridge is a federation singleton, so the shell and every remote
// share it.
const listeners = new Set<FormResultListener>();

/** Listens to every form result; returns the unsubscribe function. */
export function onFormResult(listener: FormResultListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitFormResult(event: FormResultEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      // One broken listener must not keep the result from the others.
      console.error(error);
    }
  }
}
