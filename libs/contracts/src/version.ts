import { versionMajor } from '@crm-panel/crm-model';

/**
 * The version of the contract between the shell and the remotes: this lib's module ids and
 * props, modal routes and queries, preloads and host protocol. Semver: a minor adds (a module,
 * an optional prop) and every shell of the same major takes it; a major removes or changes, and
 * a shell refuses a remote of another major in that remote's area. Kept equal to
 * libs/contracts/package.json's version (a test checks). The api-client's calls to the api have a
 * version of their own (API_CONTRACT_VERSION, @crm-panel/crm-model), which the api reads from
 * every call.
 */
export const CONTRACT_VERSION = '1.2.0';

/** `'1.4.2'` → 1; NaN for what is not a version. */
export function contractMajor(version: string): number {
  return versionMajor(version) ?? Number.NaN;
}

/** A remote built for contract `version` may run in a shell of contract `shellVersion`. */
export function contractAccepts(shellVersion: string, version: string): boolean {
  return contractMajor(version) === contractMajor(shellVersion);
}
