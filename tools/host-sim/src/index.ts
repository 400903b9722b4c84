export {
  ASSERTION_PATH,
  buildHostSim,
  DEFAULT_API_URL,
  DEFAULT_PANEL_URL,
  DEFAULT_PORT,
  SDK_PATH,
  startHostSim,
  type HostSimOptions,
  type RunningHostSim,
} from './server';
export {
  ASSERTION_TTL_SECONDS,
  createIdentityIssuer,
  HOST_SIM_ALG,
  HOST_SIM_AUDIENCE,
  HOST_SIM_ISSUER,
  JWKS_PATH,
  type AssertionSubject,
  type IdentityClaims,
  type IdentityIssuer,
  type IdentityIssuerOptions,
  type Jwks,
  type PublicSigningJwk,
} from './identity/issuer';
export { IDENTITIES, TENANT_ACME, TENANT_BETA, TENANTS } from './world/identities';
export { ATTENDANCES } from './world/attendances';
export { CHANNELS } from './world/channels';
export type {
  HostRole,
  HostSimPageConfig,
  IntegrationMode,
  SimAttendance,
  SimIdentity,
  SimMessage,
  SimTenant,
} from './world/types';
