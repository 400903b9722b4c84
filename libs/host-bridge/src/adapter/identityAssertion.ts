/** The api refuses longer assertions (apps/api 'Identity'); anything longer is not one. */
export const MAX_IDENTITY_ASSERTION_LENGTH = 8192;

/**
 * What a host handed over as its identity assertion, if it looks like one: a non-empty string of
 * at most MAX_IDENTITY_ASSERTION_LENGTH characters. Anything else counts as "the host signs
 * nothing" (null); the api, not the panel, judges the JWT itself.
 */
export function pickIdentityAssertion(value: unknown): string | null {
  return typeof value === 'string' &&
    value.trim() !== '' &&
    value.length <= MAX_IDENTITY_ASSERTION_LENGTH
    ? value
    : null;
}
