const FAILED = 'O sistema de atendimento não conseguiu assinar a identidade.';

/**
 * Asks host-sim's server for a fresh identity assertion of the attendant: the JWT, or null when
 * the attendant's tenant does not sign. What a real platform's page would get from its backend.
 */
export async function fetchIdentityAssertion(
  assertionPath: string,
  userId: string,
): Promise<string | null> {
  const response = await fetch(assertionPath, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId }),
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(FAILED);
  const body: unknown = await response.json();
  const assertion =
    typeof body === 'object' && body !== null ? (body as { assertion?: unknown }).assertion : null;
  if (assertion === null) return null;
  if (typeof assertion === 'string' && assertion !== '') return assertion;
  throw new Error(FAILED);
}
