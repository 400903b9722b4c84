export {
  createFakeHostAdapter,
  FAKE_ATTENDANCE,
  FAKE_CHANNELS,
  FAKE_USER_INFO,
  type FakeHostAdapter,
  type FakeHostAdapterOptions,
  type OpenedForm,
} from './createFakeHostAdapter';
export { FakeHostProvider, type FakeHostProviderProps } from './FakeHostProvider';
export { emitFormResult } from '@host-bridge/forms/formResultBus';
