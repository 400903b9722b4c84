// Types of bundleBytes.js for the TypeScript journeys.
import type { Browser, Page } from 'playwright-core';

export interface DownloadedFile {
  app: string;
  file: string;
  gz: number;
  federationRuntime: boolean;
  reactDom: boolean;
}

export interface DownloadSummary {
  totalGz: number;
  scripts: number;
  byAppGz: Record<string, number>;
  federationRuntimeCopies: number;
  reactDomCopies: number;
  files: DownloadedFile[];
}

export interface ScriptRecorder {
  count(): number;
  summary(): Promise<DownloadSummary>;
}

export interface SharedFigure {
  name: string;
  users: string[];
  from: string;
  gz: number;
  savedGz: number;
}

export function gz(buffer: Buffer): number;
export function kb(bytes: number): number;
export const MARKS: { federationRuntime: string; reactDom: string };
export const MAIN_PANEL_MODULES: string[];
export interface ManifestExpose {
  name: string;
  assets: { js: { sync: string[]; async: string[] } };
}
export function exposedFiles(
  manifest: { exposes: ManifestExpose[] },
  providers: Set<string>,
): Record<string, string[]>;
export function entryPointSizes(): {
  remoteEntries: Record<string, number>;
  exposed: Record<string, number>;
};
export function sharedFigures(): SharedFigure[];
export function recordScripts(page: Page, ports: Record<string, string>): ScriptRecorder;
export function scriptsSettled(
  recorder: ScriptRecorder,
  options?: { quietMs?: number; timeoutMs?: number },
): Promise<void>;
export function floorBytes(
  browser: Browser,
): Promise<{ builtGz: number; downloadedGz: number; scripts: number }>;
export const UNMAPPED: string;
/** What each owner of the code (npm package, workspace project, …) adds to these files, gzip -9. */
export function libraryShares(files: { app: string; file: string }[]): Record<string, number>;
export function ownerOf(source: string): string;
export function decodeMappings(mappings: string): [number, number | undefined][][];
export function piecesByOwner(
  text: string,
  map: { sources: string[]; mappings: string },
): Map<string, string>;
