import { type ChatMessage } from '@crm-panel/crm-model';
import { type HostAttendance, type HostChannel } from '@crm-panel/contracts';

/** The attendant's role in the chat platform, as the host signs it (`role` claim). */
export type HostRole = 'admin' | 'attendant';

/** A company using the simulated chat platform. */
export interface SimTenant {
  /** The tenant key: the panel sends it as x-system-key; the `tenant` claim. */
  systemKey: string;
  name: string;
  /**
   * Whether this tenant's platform signs identity assertions (getIdentityAssertion gives a JWT).
   * When false the host gives none (null) and the panel earns its session by the CRM sign-in.
   */
  signsIdentity: boolean;
}

/** An attendant who can sign in to the simulated chat platform. */
export interface SimIdentity {
  userId: string;
  name: string;
  /** The tenant: the panel sends it as x-system-key. */
  systemKey: string;
  tenantName: string;
  role: HostRole;
  /**
   * The attendant's e-mail, signed as the optional `email` claim when the tenant signs. Ana's and
   * Bruno's are those of their users in crm-sandbox's Acme account, so the api finds them there.
   */
  email: string | null;
  /** The tenant's flag (SimTenant.signsIdentity), copied here for the page. */
  signsIdentity: boolean;
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

/** The panel's integrations: the spec's global object, our postMessage protocol, Novus CRM's. */
export type IntegrationMode = 'global' | 'postMessage' | 'novus';

/** Everything the browser page needs, embedded in it as JSON. */
export interface HostSimPageConfig {
  panelUrl: string;
  apiUrl: string;
  sdkPath: string;
  /** The page's own endpoint for identity assertions (server's ASSERTION_PATH). */
  assertionPath: string;
  defaultMode: IntegrationMode;
  identities: SimIdentity[];
  attendances: SimAttendance[];
  channels: Record<string, HostChannel[]>;
}
