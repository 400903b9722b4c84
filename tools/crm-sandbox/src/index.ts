export { startSandbox, DEFAULT_SEED } from './server';
export type {
  IssuedTokens,
  Knobs,
  RequestStatsSnapshot,
  RunningSandbox,
  SandboxOptions,
} from './types';
export { WELL_KNOWN, type WellKnown } from './seed/fixtures';
export { consentOverHttp } from './testing/consent';
