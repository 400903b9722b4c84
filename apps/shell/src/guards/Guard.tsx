import type { ReactNode } from 'react';
import { Navigate } from '@crm-panel/contracts/router';
import { useQuery } from '@tanstack/react-query';
import {
  authStatusQueryOptions,
  credentialsStatusQueryOptions,
  getErrorCode,
  getErrorMessage,
  termsStatusQueryOptions,
} from '@crm-panel/api-client';
import { CRM_USER_TEXTS, MESSAGES } from '@crm-panel/crm-model';
import { useHostAdapter, useHostUserInfo } from '@crm-panel/host-bridge';
import { novusMissingUserMessage, novusOriginProblem } from '@shell/novus/novusMissingUser';
import { Spinner } from '@crm-panel/ui';
import { IDENTITY_TEXTS, IdentityProblem } from './IdentityProblem';

/**
 * 'identity': the api takes who the panel says it is (the terms page, which the spec guards with
 * nothing else, still says a refused identity first and alone). 'crmUser': signed in, and who the
 * attendant is in the CRM is known (the CRM's token names nobody: the api finds them by a
 * verified e-mail or asks them once).
 */
export type GuardRequirement = 'identity' | 'terms' | 'credentials' | 'auth' | 'crmUser';

/** The page where the attendant says who they are in the CRM. */
export const CRM_USER_CHOICE_PATH = '/rdstation-crm-user';

/**
 * Where each failed check sends the person (PRODUCT.md §4 'Access flow', then the CRM user step).
 * The identity check sends nowhere: it passes unless the api refused who the panel says it is.
 */
export const GUARD_REDIRECTS: Record<Exclude<GuardRequirement, 'identity'>, string> = {
  terms: '/terms-acceptance',
  credentials: '/credentials-setup',
  auth: '/rdstation-login-prompt',
  crmUser: CRM_USER_CHOICE_PATH,
};

const GUARD_MESSAGES: Record<GuardRequirement, string> = {
  // Asked through the terms' status, the one check every first screen makes.
  identity: MESSAGES.guards.checkingTerms,
  terms: MESSAGES.guards.checkingTerms,
  credentials: MESSAGES.guards.checkingCredentials,
  auth: MESSAGES.guards.checkingAuth,
  crmUser: CRM_USER_TEXTS.checking,
};

const ORDER: GuardRequirement[] = ['identity', 'terms', 'credentials', 'auth', 'crmUser'];

/**
 * The api's refusals of who the panel says it is (api README, 'Identity'): no check can pass
 * after one of them, and only reloading the panel (a new host identity) can help.
 */
const IDENTITY_REFUSALS: ReadonlySet<string> = new Set([
  'tenant_unknown',
  'assertion_invalid',
  'assertion_required',
  'session_mismatch',
]);

/** The api's own words for an identity refusal, or null when `error` is not one. */
function identityRefusal(error: unknown): string | null {
  const code = getErrorCode(error);
  return code !== null && IDENTITY_REFUSALS.has(code)
    ? getErrorMessage(error, IDENTITY_TEXTS.refusedFallback)
    : null;
}

// Guards always ask the server afresh: a stale "not accepted" after accepting would loop.
const FRESH = { staleTime: 0, gcTime: 0, retry: false } as const;

export interface GuardProps {
  requires: GuardRequirement[];
  children: ReactNode;
}

/**
 * Lets a route render only when its checks pass, against the server, once the host user info is
 * known (or known to be missing). The checks run in parallel; they are judged in the spec's
 * order, and a failed check counts as not accepted / not configured / not authenticated —
 * except when the panel does not know who is using it (no host user info, or an identity the api
 * refused, or a Novus frame that cannot reach its host): that is said first and alone, since no
 * terms or sign-in could get past it.
 */
export function Guard({ requires, children }: GuardProps) {
  const { status } = useHostUserInfo();
  const adapter = useHostAdapter();
  const hostKnown = status !== 'waiting';
  const needs = (requirement: GuardRequirement) => hostKnown && requires.includes(requirement);

  // One auth/status answers both 'auth' and 'crmUser'.
  const authStatus = useQuery({
    ...authStatusQueryOptions(),
    ...FRESH,
    enabled: needs('auth') || needs('crmUser'),
  });
  const termsStatus = useQuery({
    ...termsStatusQueryOptions(),
    ...FRESH,
    enabled: needs('terms') || needs('identity'),
  });
  const terms = judge(termsStatus, (d) => d.accepted);
  const checks: Record<GuardRequirement, ReturnType<typeof judge>> = {
    // Any answer but a refusal of the identity lets the page show (its own calls say the rest).
    identity: { ...terms, passed: terms.refusal === null },
    terms,
    credentials: judge(
      useQuery({ ...credentialsStatusQueryOptions(), ...FRESH, enabled: needs('credentials') }),
      (d) => d.configured,
    ),
    auth: judge(authStatus, (d) => d.authenticated),
    crmUser: judge(authStatus, (d) => d.authenticated && d.crmUserRequired !== true),
  };

  // A Novus frame that cannot reach its host (an origin not allowed, or not the page's) says so
  // at once: waiting could never end well.
  const originProblem = requires.length > 0 ? novusOriginProblem(adapter) : null;
  if (originProblem) return <IdentityProblem message={originProblem} />;
  if (status === 'missing' && requires.length > 0)
    return (
      <IdentityProblem message={novusMissingUserMessage(adapter) ?? IDENTITY_TEXTS.hostMissing} />
    );
  for (const requirement of ORDER) {
    if (!requires.includes(requirement)) continue;
    const check = checks[requirement];
    if (!hostKnown || check.pending) {
      return <Spinner variant="fullscreen" message={GUARD_MESSAGES[requirement]} />;
    }
    if (check.refusal !== null) return <IdentityProblem message={check.refusal} />;
    if (!check.passed && requirement !== 'identity')
      return <Navigate to={GUARD_REDIRECTS[requirement]} replace />;
  }
  return <>{children}</>;
}

interface CheckQuery<T> {
  isPending: boolean;
  isFetching: boolean;
  isFetchedAfterMount: boolean;
  isSuccess: boolean;
  data: T | undefined;
  error: unknown;
}

function judge<T>(query: CheckQuery<T>, passes: (data: T) => boolean) {
  return {
    // Until the server's answer after this mount: an answer cached from before (the terms page's
    // 'not accepted' just after accepting) must not be judged. A later re-read (a live `resync`
    // after the api restarted, 'Atualizar') keeps the route mounted: a spinner in its place would
    // unmount the whole panel and drop what it shows, e.g. a tab's 'Nota criada com sucesso!'.
    pending: query.isPending || (query.isFetching && !query.isFetchedAfterMount),
    passed: query.isSuccess && query.data !== undefined && passes(query.data),
    refusal: identityRefusal(query.error),
  };
}
