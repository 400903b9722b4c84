/**
 * The version of the contract between the shell and the remotes: this lib's module ids and
 * props, modal routes and queries, preloads, host protocol, and the api-client's calls to the
 * api. Semver: a minor adds (a module, an optional prop, a call) and every shell of the same major
 * takes it; a major removes or changes, and a shell refuses a remote of another major in that
 * remote's area. Kept equal to libs/contracts/package.json's version (a test checks).
 */
export const CONTRACT_VERSION = '1.1.0';

/** `'1.4.2'` → 1; NaN for what is not a version. */
export function contractMajor(version: string): number {
  const match = /^(\d+)\.\d+\.\d+/.exec(version);
  return match ? Number(match[1]) : Number.NaN;
}

/** A remote built for contract `version` may run in a shell of contract `shellVersion`. */
export function contractAccepts(shellVersion: string, version: string): boolean {
  return contractMajor(version) === contractMajor(shellVersion);
}
