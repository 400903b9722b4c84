// Types of stack.js for the TypeScript journeys and benches.
import type { ChildProcess } from 'node:child_process';

export type ServiceName =
  | 'crm-sandbox'
  | 'api'
  | 'host-sim'
  | 'shell'
  | 'deal'
  | 'notes'
  | 'tasks'
  | 'products'
  | 'contacts'
  | 'credentials';

export interface Stack {
  ports: Record<ServiceName, number>;
  url(name: ServiceName): string;
  startService(name: ServiceName): Promise<void>;
  stopService(name: ServiceName): Promise<void>;
  stop(): Promise<void>;
  isRunning(name: ServiceName): boolean;
  /** The setup codes this start wrote into host-sim's tenants file (tenant-beta's). */
  setupCodes: Record<string, string>;
}

export interface StackOptions {
  ports?: Record<ServiceName, number>;
  env?: Record<string, string>;
  log?: (line: string) => void;
  quiet?: boolean;
  services?: ServiceName[];
  releasesDir?: string;
}

export function startStack(options?: StackOptions): Promise<Stack>;
export function portsWithOffset(offset: number): Record<ServiceName, number>;
/** `child`: stop waiting (with an error) once that process has ended. */
export function waitForHttp(
  url: string,
  options?: { timeoutMs?: number; child?: ChildProcess },
): Promise<void>;
export const FRONTENDS: ServiceName[];
/** The setup code of `systemKey` (default tenant-beta) in the tenants file written in `dataDir`. */
export function setupCodeOf(dataDir: string, systemKey?: string): string;
/** What the shell's `/runtime-config.json` answers for these ports. */
export function runtimeConfig(
  ports: Record<ServiceName, number>,
  options?: { releasesDir?: string },
): {
  apiBaseUrl: string;
  remotes: Record<string, string>;
  hostOrigins: string[];
  contracts: Record<string, string>;
  overrideOrigins: string[];
};
