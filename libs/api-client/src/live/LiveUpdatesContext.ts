import { createContext } from 'react';
import { type LiveChange } from './liveChange';

export interface LiveHint {
  /** The change it is about (a new change replaces the hint). */
  changeId: string;
  text: string;
  /** The record that changed and its changed fields: what the panel highlights where it shows. */
  record: { type: string; id: string };
  fields: string[];
}

export interface LiveUpdatesValue {
  /** The latest change someone else made, while it is fresh; null otherwise. */
  hint: LiveHint | null;
  /** Calls `listener` with every change someone else makes, until the returned stop. */
  subscribe(listener: (change: LiveChange) => void): () => void;
}

export const LiveUpdatesContext = createContext<LiveUpdatesValue | null>(null);
