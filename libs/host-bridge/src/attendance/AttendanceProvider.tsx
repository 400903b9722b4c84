import { useEffect, useRef, useState, type ReactNode } from 'react';
import { type HostAttendance } from '@crm-panel/contracts';
import { type HostAdapter } from '@host-bridge/adapter/HostAdapter';
import { useOptionalHostAdapter } from '@host-bridge/provider/HostAdapterContext';
import { AttendanceContext } from './AttendanceContext';
import { createAttendanceStore } from './attendanceStore';

export interface AttendanceProviderProps {
  /** Host whose open/close events drive the store; defaults to the HostAdapterProvider's. */
  adapter?: HostAdapter;
  /** Called after the host closes the attendance; pass `() => navigate('/')` (PRODUCT.md §1). */
  onClose?: () => void;
  initialAttendance?: HostAttendance | null;
  children: ReactNode;
}

export function AttendanceProvider({
  adapter,
  onClose,
  initialAttendance = null,
  children,
}: AttendanceProviderProps) {
  const fromContext = useOptionalHostAdapter();
  const source = adapter ?? fromContext;
  const [store] = useState(() => createAttendanceStore(initialAttendance));
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!source) return undefined;
    return source.subscribe({
      onAttendanceOpen: (attendance) => store.getState().setAttendance(attendance),
      onAttendanceClose: () => {
        store.getState().clearAttendance();
        onCloseRef.current?.();
      },
    });
  }, [source, store]);

  return <AttendanceContext.Provider value={store}>{children}</AttendanceContext.Provider>;
}
