import { createContext } from 'react';
import { type AttendanceStore } from './attendanceStore';

export const AttendanceContext = createContext<AttendanceStore | null>(null);
