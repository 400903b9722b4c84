import { useCallback, type ReactNode } from 'react';
import { type HostAttendance } from '@crm-panel/contracts';
import { type HostAdapter } from '@host-bridge/adapter/HostAdapter';
import { AttendanceProvider } from '@host-bridge/attendance/AttendanceProvider';
import { HostUserInfoProvider } from '@host-bridge/userInfo/HostUserInfoProvider';
import { HostAdapterProvider } from './HostAdapterProvider';

export interface HostBridgeProviderProps {
  adapter: HostAdapter;
  /** The router's navigate: closing an attendance returns to '/', forms may fall back to it. */
  navigate?: (path: string) => void;
  initialAttendance?: HostAttendance | null;
  children: ReactNode;
}

/** Adapter + user info + current attendance in one: what the shell mounts at its root. */
export function HostBridgeProvider({
  adapter,
  navigate,
  initialAttendance,
  children,
}: HostBridgeProviderProps) {
  const onClose = useCallback(() => navigate?.('/'), [navigate]);
  return (
    <HostAdapterProvider adapter={adapter} navigate={navigate}>
      <HostUserInfoProvider>
        <AttendanceProvider onClose={onClose} initialAttendance={initialAttendance}>
          {children}
        </AttendanceProvider>
      </HostUserInfoProvider>
    </HostAdapterProvider>
  );
}
