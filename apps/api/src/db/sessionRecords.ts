// What a panel session and a CRM sign-in hold, as the repositories store them and the identity
// look-ups keep them: their own module, so the repositories and the look-ups both read these
// shapes without importing each other.

export type SessionStage = 'pending' | 'full';
export type SessionMethod = 'assertion' | 'crm';
export type SessionRole = 'admin' | 'attendant';

/** A panel session as a route sees it (the token itself is never stored). */
export interface PanelSession {
  familyId: string;
  systemKey: string;
  /** The host user id: verified when `method` is 'assertion', the host's claim otherwise. */
  userId: string;
  role: SessionRole | null;
  method: SessionMethod;
  stage: SessionStage;
  /** Whose CRM tokens and terms this session uses: 'user:<id>' or 'browser:<family id>'. */
  crmOwner: string;
  /** The e-mail the host signed for this user (assertion claim `email`, lower case), if any. */
  verifiedEmail: string | null;
  /** When this token ends (epoch ms). */
  expiresAt: number;
}

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
export type CrmUserSource = 'attendant-claim' | 'v1-token' | 'host-signed-email';

export const CRM_USER_SOURCES: readonly CrmUserSource[] = [
  'attendant-claim',
  'v1-token',
  'host-signed-email',
];

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
