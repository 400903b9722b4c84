export {
  buildHostSim,
  DEFAULT_API_URL,
  DEFAULT_PANEL_URL,
  DEFAULT_PORT,
  SDK_PATH,
  startHostSim,
  type HostSimOptions,
  type RunningHostSim,
} from './server';
export { IDENTITIES, TENANT_ACME, TENANT_BETA } from './world/identities';
export { ATTENDANCES } from './world/attendances';
export { CHANNELS } from './world/channels';
export type {
  HostSimPageConfig,
  IntegrationMode,
  SimAttendance,
  SimIdentity,
  SimMessage,
} from './world/types';
