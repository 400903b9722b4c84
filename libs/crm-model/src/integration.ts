import type {
  AuthStartAnswer,
  AuthStatusAnswer,
  TabSignInRedeemedAnswer,
  TabSignInStartAnswer,
  CredentialsBody,
  CredentialsRemovedAnswer,
  CredentialsStatusAnswer,
  LiveUpdatesAnswer,
  TermsAnswer,
} from './schemas';

/**
 * POST /api/rdstation/credentials as the panel sends it: the five fields (`./schemas`), and the
 * operator's setup code where the host signs nothing.
 */
export type CredentialsPayload = Required<
  Pick<
    NonNullable<CredentialsBody>,
    'clientId' | 'clientSecret' | 'redirectUri' | 'securityPassword' | 'defaultChatDomain'
  >
> &
  Pick<NonNullable<CredentialsBody>, 'setupCode'>;

/** GET /api/rdstation/credentials/status. */
export interface CredentialsStatus extends CredentialsStatusAnswer {}

/** Whether changes made in the CRM reach open panels, and if not why and what to do (pt-BR). */
export interface LiveUpdatesInfo extends LiveUpdatesAnswer {}

/** DELETE /api/rdstation/credentials body. */
export interface CredentialsRemovalPayload {
  securityPassword: string;
}

export interface CredentialsRemovalResult extends CredentialsRemovedAnswer {}

/** GET /api/rdstation/auth/start. */
export interface AuthStart extends AuthStartAnswer {}

/**
 * POST /api/rdstation/auth/tab/start: the sign-in in a tab of its own, for a panel in a frame
 * that may not open windows. `redeem` stays with the panel (never in a URL).
 */
export interface TabSignInStart extends TabSignInStartAnswer {}

/** POST /api/rdstation/auth/tab/redeem: still under way, or done with the new auth status. */
export interface TabSignInRedeemed extends TabSignInRedeemedAnswer {}

/** GET /api/rdstation/auth/status. */
export interface AuthStatus extends AuthStatusAnswer {}

/** auth/status of a session with no CRM sign-in, as the api answers it. */
export const SIGNED_OUT_AUTH_STATUS = {
  authenticated: false,
  userId: null,
  method: null,
  crmUserRequired: false,
  crmUserSource: null,
} as const satisfies AuthStatus;

/** POST /api/rdstation/auth/v1-token. */
export interface ApiV1TokenPayload {
  apiV1Token: string;
}

/** GET /api/rdstation/terms/status. */
export interface TermsStatus extends TermsAnswer {}

/** The three checks behind the route guards (PRODUCT.md §2, §4). */
export interface GuardState {
  termsAccepted: boolean;
  credentialsConfigured: boolean;
  authenticated: boolean;
}

export type GuardKind = 'terms' | 'credentials' | 'auth';

/** Screens of /rdstation-auth-popup (PRODUCT.md §2, §4). */
export type AuthPopupStatus =
  'loading' | 'opening' | 'waiting' | 'collecting_token' | 'success' | 'error';
