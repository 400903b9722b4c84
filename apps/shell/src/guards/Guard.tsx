import type { ReactNode } from 'react';
import { Navigate } from '@crm-panel/contracts/router';
import { useQuery } from '@tanstack/react-query';
import {
  authStatusQueryOptions,
  credentialsStatusQueryOptions,
  termsStatusQueryOptions,
} from '@crm-panel/api-client';
import { CRM_USER_TEXTS, MESSAGES } from '@crm-panel/crm-model';
import { useHostUserInfo } from '@crm-panel/host-bridge';
import { Spinner } from '@crm-panel/ui';

/**
 * 'crmUser': signed in, and who the attendant is in the CRM is known (the CRM's token names
 * nobody: the api finds them by a verified e-mail or asks them once, issue 13).
 */
export type GuardRequirement = 'terms' | 'credentials' | 'auth' | 'crmUser';

/** The page where the attendant says who they are in the CRM. */
export const CRM_USER_CHOICE_PATH = '/rdstation-crm-user';

/** Where each failed check sends the person (PRODUCT.md §4 'Access flow', then the CRM user step). */
export const GUARD_REDIRECTS: Record<GuardRequirement, string> = {
  terms: '/terms-acceptance',
  credentials: '/credentials-setup',
  auth: '/rdstation-login-prompt',
  crmUser: CRM_USER_CHOICE_PATH,
};

const GUARD_MESSAGES: Record<GuardRequirement, string> = {
  terms: MESSAGES.guards.checkingTerms,
  credentials: MESSAGES.guards.checkingCredentials,
  auth: MESSAGES.guards.checkingAuth,
  crmUser: CRM_USER_TEXTS.checking,
};

const ORDER: GuardRequirement[] = ['terms', 'credentials', 'auth', 'crmUser'];

// Guards always ask the server afresh: a stale "not accepted" after accepting would loop.
const FRESH = { staleTime: 0, gcTime: 0, retry: false } as const;

export interface GuardProps {
  requires: GuardRequirement[];
  children: ReactNode;
}

/**
 * Lets a route render only when its checks pass, against the server, once the host user info is
 * known (or known to be missing). The checks run in parallel; they are judged in the spec's
 * order, and a failed check counts as not accepted / not configured / not authenticated.
 */
export function Guard({ requires, children }: GuardProps) {
  const { status } = useHostUserInfo();
  const hostKnown = status !== 'waiting';
  const needs = (requirement: GuardRequirement) => hostKnown && requires.includes(requirement);

  // One auth/status answers both 'auth' and 'crmUser'.
  const authStatus = useQuery({
    ...authStatusQueryOptions(),
    ...FRESH,
    enabled: needs('auth') || needs('crmUser'),
  });
  const checks: Record<GuardRequirement, { pending: boolean; passed: boolean }> = {
    terms: judge(
      useQuery({ ...termsStatusQueryOptions(), ...FRESH, enabled: needs('terms') }),
      (d) => d.accepted,
    ),
    credentials: judge(
      useQuery({ ...credentialsStatusQueryOptions(), ...FRESH, enabled: needs('credentials') }),
      (d) => d.configured,
    ),
    auth: judge(authStatus, (d) => d.authenticated),
    crmUser: judge(authStatus, (d) => d.authenticated && d.crmUserRequired !== true),
  };

  for (const requirement of ORDER) {
    if (!requires.includes(requirement)) continue;
    const check = checks[requirement];
    if (!hostKnown || check.pending) {
      return <Spinner variant="fullscreen" message={GUARD_MESSAGES[requirement]} />;
    }
    if (!check.passed) return <Navigate to={GUARD_REDIRECTS[requirement]} replace />;
  }
  return <>{children}</>;
}

interface CheckQuery<T> {
  isPending: boolean;
  isFetching: boolean;
  isFetchedAfterMount: boolean;
  isSuccess: boolean;
  data: T | undefined;
}

function judge<T>(query: CheckQuery<T>, passes: (data: T) => boolean) {
  return {
    // Until the server's answer after this mount: an answer cached from before (the terms page's
    // 'not accepted' just after accepting) must not be judged. A later re-read (a live `resync`
    // after the api restarted, 'Atualizar') keeps the route mounted: a spinner in its place would
    // unmount the whole panel and drop what it shows, e.g. a tab's 'Nota criada com sucesso!'.
    pending: query.isPending || (query.isFetching && !query.isFetchedAfterMount),
    passed: query.isSuccess && query.data !== undefined && passes(query.data),
  };
}
