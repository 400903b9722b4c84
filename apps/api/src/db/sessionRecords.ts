// What a panel session and a CRM sign-in hold, as the repositories store them and the identity
// look-ups keep them: their own module, so the repositories and the look-ups both read these
// shapes without importing each other.

import {
  type ApiSessionMethod,
  type ApiSessionRole,
  type ApiSessionStage,
  type CrmUserSource,
} from '@crm-panel/crm-model';
import type { SessionAnswer } from '@crm-panel/crm-model/schemas';

// A session's wire fields (who, role, stage, method, end) are the session answer's, typed once in
// the wire contract; the store adds what never leaves the api.
export type SessionStage = ApiSessionStage;
export type SessionMethod = ApiSessionMethod;
export type SessionRole = NonNullable<ApiSessionRole>;

/**
 * A panel session as a route sees it (the token itself is never stored). `userId` is verified when
 * `method` is 'assertion', the host's claim otherwise; `expiresAt` ends this token (epoch ms).
 */
export type PanelSession = Omit<SessionAnswer, 'token'> & {
  familyId: string;
  /** Whose CRM tokens and terms this session uses: 'user:<id>' or 'browser:<family id>'. */
  crmOwner: string;
  /** The e-mail the host signed for this user (assertion claim `email`, lower case), if any. */
  verifiedEmail: string | null;
};

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms. */
  expiresAt: number;
}

export interface V1Profile {
  name: string;
  email: string;
  organization: { name: string } | null;
}

/** How the CRM user of a sign-in was found (api README, 'Who the CRM user is'). */
export { type CrmUserSource } from '@crm-panel/crm-model';
export { CRM_USER_SOURCES } from '@crm-panel/crm-model/schemas';

/** The CRM v2 user a sign-in acts as, and how that was decided. */
export interface CrmUserChoice {
  userId: string;
  source: CrmUserSource;
  /** Epoch ms. */
  chosenAt: number;
  /** The user's name as RD gave it (found, chosen or last read); null for an older choice. */
  name: string | null;
}

export interface StoredSession {
  oauth: OAuthTokens | null;
  v1: { token: string; profile: V1Profile } | null;
  crmUser: CrmUserChoice | null;
}
