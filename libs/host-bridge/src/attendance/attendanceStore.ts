import { createStore, type StoreApi } from 'zustand/vanilla';
import { type HostAttendance } from '@crm-panel/contracts';

/** The "current attendance" of PRODUCT.md §1, shared by every screen under one provider. */
export interface AttendanceState {
  attendance: HostAttendance | null;
  setAttendance(attendance: HostAttendance): void;
  clearAttendance(): void;
}

export type AttendanceStore = StoreApi<AttendanceState>;

export function createAttendanceStore(initial: HostAttendance | null = null): AttendanceStore {
  return createStore<AttendanceState>()((set) => ({
    attendance: initial,
    setAttendance: (attendance) => set({ attendance }),
    clearAttendance: () => set({ attendance: null }),
  }));
}
