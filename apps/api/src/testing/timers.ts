/**
 * Runs `call`; whether the timer it set for `delayMs` was cleared by the time it settled. What a
 * call's deadline must do once the call answered (AbortSignal.timeout's stayed the whole delay).
 */
export async function clearsItsTimer(
  delayMs: number,
  call: () => Promise<unknown>,
): Promise<boolean> {
  const set = jest.spyOn(global, 'setTimeout');
  const cleared = jest.spyOn(global, 'clearTimeout');
  try {
    await call();
    const index = set.mock.calls.findIndex((args) => args[1] === delayMs);
    const timer: unknown = set.mock.results[index]?.value;
    return index >= 0 && cleared.mock.calls.some(([given]) => given === timer);
  } finally {
    set.mockRestore();
    cleared.mockRestore();
  }
}
