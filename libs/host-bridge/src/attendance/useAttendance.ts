import { useContext } from 'react';
import { useStore } from 'zustand';
import { AttendanceContext } from './AttendanceContext';
import { type AttendanceState } from './attendanceStore';

/** The current attendance and its setters. Throws outside AttendanceProvider (PRODUCT.md §8). */
export function useAttendance(): AttendanceState {
  const store = useContext(AttendanceContext);
  if (!store) throw new Error('useAttendance deve ser usado dentro de AttendanceProvider');
  return useStore(store);
}
