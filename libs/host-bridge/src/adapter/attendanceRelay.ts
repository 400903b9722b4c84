import { type HostAttendance, type HostEventHandlers } from '@crm-panel/contracts';

/** Fans host attendance events out to subscribers and remembers the one open now. */
export interface AttendanceRelay {
  readonly current: HostAttendance | null;
  open(attendance: HostAttendance): void;
  close(attendance: HostAttendance | null): void;
  subscribe(handlers: Partial<HostEventHandlers>): () => void;
  clear(): void;
}

export function createAttendanceRelay(): AttendanceRelay {
  const subscribers = new Set<Partial<HostEventHandlers>>();
  let current: HostAttendance | null = null;
  return {
    get current() {
      return current;
    },
    open(attendance) {
      current = attendance;
      for (const handlers of [...subscribers]) handlers.onAttendanceOpen?.(attendance);
    },
    close(attendance) {
      current = null;
      for (const handlers of [...subscribers]) handlers.onAttendanceClose?.(attendance);
    },
    subscribe(handlers) {
      subscribers.add(handlers);
      if (current) handlers.onAttendanceOpen?.(current);
      return () => {
        subscribers.delete(handlers);
      };
    },
    clear() {
      subscribers.clear();
      current = null;
    },
  };
}
