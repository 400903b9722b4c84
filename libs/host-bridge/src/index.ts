// Adapters
export { type HostAdapter, type HostAdapterKind, type HostChatRef } from './adapter/HostAdapter';
export { createGlobalHostAdapter } from './adapter/createGlobalHostAdapter';
export {
  createPostMessageHostAdapter,
  DEFAULT_PLUGIN_ID,
  type PanelWindowLike,
  type PostMessageHostOptions,
} from './adapter/createPostMessageHostAdapter';
export {
  DEFAULT_HOST_REQUEST_TIMEOUT_MS,
  HOST_DISCONNECTED_MESSAGE,
  HOST_INVALID_REPLY_MESSAGE,
  HOST_SLOW_AFTER_MS,
  HOST_TIMEOUT_MESSAGE,
  HOST_WAITING_MESSAGE,
  HostRequestError,
  type ChannelLike,
  type HostRequestErrorCode,
  type PortLike,
} from './adapter/portRequests';
export {
  createNoHostAdapter,
  OPENER_BRIDGE_KEY,
  type NoHostOptions,
} from './adapter/createNoHostAdapter';
export {
  detectHostAdapter,
  framedHostOrigin,
  isHostGlobal,
  type DetectHostOptions,
  type FramedHostProtocol,
} from './adapter/detectHostAdapter';
export {
  createNovusHostAdapter,
  createNovusPanelAdapter,
  isNovusPanelAdapter,
  NOVUS_CLOSE_MODAL_COMMAND,
  NOVUS_EVENTS,
  NOVUS_PLUGIN_ID,
  type ChatMessagesSource,
  type NovusHostAdapter,
  type NovusHostOptions,
  type NovusPageRole,
  type NovusPanelAdapter,
  type NovusPanelOptions,
  type NovusRegistry,
} from './adapter/novus/createNovusHostAdapter';
export { understandNovus } from '@crm-panel/contracts';
export { hostWaitingOf, type HostWaiting } from './adapter/hostWaiting';
export {
  NOVUS_PUBLIC_API_HOST,
  type NovusApiRequest,
  type NovusChatMessagesSetting,
} from './adapter/novus/novusChatMessages';
export {
  HOST_ASSERTION_PARAM,
  HOST_CHAT_MESSAGES_HOST_PARAM,
  HOST_CHAT_MESSAGES_PARAM,
  HOST_PROTOCOL_PARAM,
  HOST_TENANT_PARAM,
  HOST_USER_ID_FIELD_PARAM,
} from './adapter/hostParams';
export {
  DEFAULT_SDK_TIMEOUT_MS,
  loadHostSdk,
  type HostSdkLoad,
  type LoadHostSdkOptions,
} from './adapter/loadHostSdk';
export { connectHost, type ConnectHostOptions } from './adapter/connectHost';

// User info
export {
  waitForHostUserInfo,
  type WaitForHostUserInfoOptions,
} from './userInfo/waitForHostUserInfo';
export {
  HostUserInfoProvider,
  type HostUserInfoProviderProps,
} from './userInfo/HostUserInfoProvider';
export { useHostUserInfo } from './userInfo/useHostUserInfo';
export { useHostWaiting } from './provider/useHostWaiting';
export { type HostUserInfoState, type HostUserInfoStatus } from './userInfo/HostUserInfoContext';

// Current attendance
export {
  createAttendanceStore,
  type AttendanceState,
  type AttendanceStore,
} from './attendance/attendanceStore';
export { AttendanceProvider, type AttendanceProviderProps } from './attendance/AttendanceProvider';
export { useAttendance } from './attendance/useAttendance';
export { useAttendanceOpened } from './attendance/useAttendanceOpened';

// Forms
export {
  createHostForms,
  FORM_RESULT_PROTOCOL,
  FORM_WINDOW_POLL_MS,
  POPUP_NAME,
  type FormEnding,
  type FormOpening,
  type HostForms,
  type HostFormsOptions,
  type OpenFormOptions,
} from './forms/createHostForms';
export { onFormResult, type FormResultEvent, type FormResultListener } from './forms/formResultBus';
export { useFormResult } from './forms/useFormResult';

// Providers
export { HostAdapterProvider, type HostAdapterProviderProps } from './provider/HostAdapterProvider';
export { useHostAdapter } from './provider/useHostAdapter';
export { useHostForms } from './provider/useHostForms';
export { HostBridgeProvider, type HostBridgeProviderProps } from './provider/HostBridgeProvider';
