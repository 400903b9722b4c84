import { useState, type ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

export interface MemoryRouterProps {
  /** The history to start from; the router starts at its last entry (path and query). */
  initialEntries?: string[];
  children?: ReactNode;
}

/** A router whose location lives in memory: tests, and the standalone pages' modal layer. */
export function MemoryRouter({ initialEntries = ['/'], children }: MemoryRouterProps) {
  // One location for the router's life, as a router's history is (a new `initialEntries` array on
  // a re-render does not move it).
  const [location] = useState(() =>
    memoryLocation({ path: initialEntries[initialEntries.length - 1] ?? '/' }),
  );
  return <Router hook={location.hook}>{children}</Router>;
}
