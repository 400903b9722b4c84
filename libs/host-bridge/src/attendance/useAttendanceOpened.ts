import { useEffect, useEffectEvent } from 'react';
import { type HostAttendance } from '@crm-panel/contracts';
import { useAttendanceStore } from './useAttendance';

/**
 * Calls `onOpened` the moment the host opens an attendance, in the host's own event, before React
 * renders it: what the panel asks for first (e.g. the chat's CRM contact) can start then rather
 * than after the render and its effects. Not called for the attendance already in the store when
 * it mounts (the render asks for that one), nor when one closes; an open the host re-emits once
 * the panel listens is an open. Throws outside AttendanceProvider.
 *
 * One subscription for as long as the component is mounted: `onOpened` may be a new function on
 * every render (an inline callback); React's effect event calls the latest one, without leaving
 * and joining the store's listeners on each render.
 */
export function useAttendanceOpened(onOpened: (attendance: HostAttendance) => void): void {
  const store = useAttendanceStore();
  const opened = useEffectEvent(onOpened);
  useEffect(
    () =>
      store.subscribe(({ attendance }, previous) => {
        if (attendance && attendance !== previous.attendance) opened(attendance);
      }),
    [store],
  );
}
