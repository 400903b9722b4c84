/**
 * What a host whose requests wait as long as it needs (Novus) adds to its adapter: whether a
 * request has waited longer than 5 s (the shell then shows 'Aguardando o sistema de
 * atendimento…'), and whether the user info is still being asked (so the user-info wait goes on).
 */
export interface HostWaiting {
  /** `listener(true)` once a request waits past 5 s, `listener(false)` when none does any more. */
  watchWaiting(listener: (waiting: boolean) => void): () => void;
  /** True while a getInfoUser has no answer yet. */
  userInfoPending(): boolean;
}

/** The adapter's waiting side, or null for adapters whose requests time out instead. */
export function hostWaitingOf(adapter: object): HostWaiting | null {
  const candidate = adapter as Partial<HostWaiting>;
  return typeof candidate.watchWaiting === 'function' &&
    typeof candidate.userInfoPending === 'function'
    ? (candidate as HostWaiting)
    : null;
}
