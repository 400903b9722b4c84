export { buildApp, startApi, type RunningApi } from './app';
export {
  configFromEnv,
  defaultRedirectUri,
  resolveConfig,
  type ApiConfig,
  type ApiConfigInput,
  type CrmConfig,
  type DatabaseConfig,
  type LogDestination,
} from './config';
export { chatOrigin } from './chat/chatClient';
