/**
 * The api's wire contract: the calls api-client makes (paths, query, bodies, answers), with a
 * semver of its own. api-client sends its version on every call (API_CONTRACT_HEADER); the api
 * takes its own major and the one before it, so a panel still open on the previous major keeps
 * working while the next one ships, and refuses any other with a clear message.
 *
 * A minor adds calls or optional fields; a major removes or changes one. The api ships first.
 */
export const API_CONTRACT_VERSION = '1.0.0';

/** The header api-client sends its contract version in (lower case, as HTTP/2 and Fastify read it). */
export const API_CONTRACT_HEADER = 'x-panel-contract';

/**
 * What a call without the header was written against: api-client's builds from before it sent one
 * made the calls of the first contract.
 */
export const API_CONTRACT_UNSENT = '1.0.0';

/** The major of a semver `x.y.z` (a pre-release or build suffix allowed); null for anything else. */
export function versionMajor(version: string): number | null {
  const match =
    /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})(?:[-+][0-9A-Za-z.-]{1,64})?$/.exec(
      version,
    );
  return match ? Number(match[1]) : null;
}

/** Whether an api of contract `served` takes a call of contract `sent`: the same major or the one before. */
export function apiContractAccepts(served: string, sent: string): boolean {
  const own = versionMajor(served);
  const theirs = versionMajor(sent);
  return own !== null && theirs !== null && (theirs === own || theirs === own - 1);
}
