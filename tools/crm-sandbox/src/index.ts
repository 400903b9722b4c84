export { startSandbox, DEFAULT_SEED } from './server';
export type {
  ChangeRequest,
  ChangeResult,
  DeliveryAttempt,
  IssuedTokens,
  Knobs,
  RequestStatsSnapshot,
  RunningSandbox,
  SandboxOptions,
  WebhookDelivery,
  WebhookPayload,
} from './types';
export { DEFAULT_KNOBS, LENIENT_KNOBS } from './knobs';
export { WELL_KNOWN, type WellKnown } from './seed/fixtures';
export { consentOverHttp } from './testing/consent';
