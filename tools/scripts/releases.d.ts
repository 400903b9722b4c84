// Types of releases.js for the TypeScript journeys.
export interface ReleaseRecord {
  app: string;
  version: string;
  contract: string;
  federationRuntime: string;
  commit: string | null;
}

export class ReleaseError extends Error {}

export interface SourceOf {
  commit: string | null;
  uncommittedChanges: boolean | null;
}

export function release(
  app: string,
  options?: { dist?: string; dir?: string; version?: string; source?: () => SourceOf },
): { app: string; version: string; path: string; record: ReleaseRecord };

export function deploy(
  app: string,
  version: string,
  options?: { dir?: string; dist?: string },
): { app: string; version: string; record: ReleaseRecord; warnings: string[] };

export function rollback(
  app: string,
  options?: { dir?: string; dist?: string },
): { app: string; version: string; record: ReleaseRecord; warnings: string[] };

export function readDeployed(dir?: string): {
  apps: Record<string, { version: string; previous: string[] } | undefined>;
};

export function releasePath(app: string, version: string, dir?: string): string;

export function readRelease(app: string, version: string, dir?: string): ReleaseRecord | null;
