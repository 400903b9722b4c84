import { useEffect } from 'react';
import { type HostAttendance } from '@crm-panel/contracts';
import { useAttendanceStore } from './useAttendance';

/**
 * Calls `onOpened` the moment the host opens an attendance, in the host's own event, before React
 * renders it: what the panel asks for first (e.g. the chat's CRM contact) can start then rather
 * than after the render and its effects. Not called for the attendance already in the store when
 * it mounts (the render asks for that one), nor when one closes; an open the host re-emits once
 * the panel listens is an open. Throws outside AttendanceProvider.
 */
export function useAttendanceOpened(onOpened: (attendance: HostAttendance) => void): void {
  const store = useAttendanceStore();
  useEffect(
    () =>
      store.subscribe(({ attendance }, previous) => {
        if (attendance && attendance !== previous.attendance) onOpened(attendance);
      }),
    [store, onOpened],
  );
}
