import { type ChatMessage } from '@crm-panel/crm-model';
import { type HostAttendance, type HostChannel } from '@crm-panel/contracts';

/** An attendant who can sign in to the simulated chat platform. */
export interface SimIdentity {
  userId: string;
  name: string;
  /** The tenant: the panel sends it as x-system-key. */
  systemKey: string;
  tenantName: string;
}

/** An attendance of the simulated platform: the host's fields plus what the chat list shows. */
export interface SimAttendance {
  tenant: string;
  attendance: HostAttendance;
}

export type SimMessageKind = 'text' | 'image' | 'audio' | 'document';

/**
 * A chat message as the platform stores it. The public API sends only the ChatMessage fields:
 * non-text messages go out with an empty `text`, as the real platform's do.
 */
export interface SimMessage extends ChatMessage {
  kind: SimMessageKind;
  /** File name of a document, or duration label of an audio ('0:14'). */
  mediaLabel?: string;
}

export type IntegrationMode = 'global' | 'postMessage';

/** Everything the browser page needs, embedded in it as JSON. */
export interface HostSimPageConfig {
  panelUrl: string;
  apiUrl: string;
  sdkPath: string;
  defaultMode: IntegrationMode;
  identities: SimIdentity[];
  attendances: SimAttendance[];
  channels: Record<string, HostChannel[]>;
}
