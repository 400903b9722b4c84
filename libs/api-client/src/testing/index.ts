export * from './fixtures';
export {
  type MockState,
  type MockDb,
  type CapturedRequest,
  createMockDb,
  defaultMockState,
} from './mockDb';
export {
  createHandlers,
  type CreateHandlersOptions,
  mockErrorHandler,
  type MockErrorOptions,
  mockHeldHandler,
  type MockHeldOptions,
  MOCK_API_MESSAGES,
  MOCK_TAB_REDEEM_CODE,
  MOCK_SESSION_TTL_MS,
} from './handlers';
export { createMockLiveFeed, type MockLiveFeed } from './mockLiveFeed';
export { setupTestServer, type TestServer, type TestServerOptions } from './setupTestServer';
export {
  type ScriptedLiveServer,
  scriptedLiveServer,
  liveChangeFrame,
  liveDealChange,
} from './liveStreams';
