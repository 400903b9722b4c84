import { useContext } from 'react';
import { type LiveHint, LiveUpdatesContext } from './LiveUpdatesContext';

/**
 * The fresh 'Atualizado por … agora' hint, or null (also outside a LiveUpdatesProvider: pages
 * without live updates, such as a remote's standalone page, simply show none).
 */
export function useLiveHint(): LiveHint | null {
  return useContext(LiveUpdatesContext)?.hint ?? null;
}
