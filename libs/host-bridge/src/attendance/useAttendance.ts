import { useContext } from 'react';
import { useStore } from 'zustand';
import { AttendanceContext } from './AttendanceContext';
import { type AttendanceState, type AttendanceStore } from './attendanceStore';

/** The provider's store. Throws outside AttendanceProvider (PRODUCT.md §8). */
export function useAttendanceStore(): AttendanceStore {
  const store = useContext(AttendanceContext);
  if (!store) throw new Error('useAttendance deve ser usado dentro de AttendanceProvider');
  return store;
}

/** The current attendance and its setters. Throws outside AttendanceProvider (PRODUCT.md §8). */
export function useAttendance(): AttendanceState {
  return useStore(useAttendanceStore());
}
