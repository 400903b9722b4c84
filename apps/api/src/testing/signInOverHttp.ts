import { escapeHtml, WINDOW_PROOF_PARAM } from '@api/routes/authPage';

/**
 * The CRM sign-in window over HTTP, without a browser, as the window the panel opens goes through
 * it: auth/begin (its cookie, and the secret its page keeps in the window's sessionStorage) → the
 * CRM's consent → our callback with that cookie and the secret → for a host that signs no e-mail,
 * the confirmation of who the attendant is in the CRM. For the journeys, the contract test and the
 * benches; the window's protocol is this api's, so it lives here and the CRM's consent is given.
 */

/** Consents on the CRM's page at `consentUrl` as `email`; answers the redirect to our callback. */
export type ConsentOverHttp = (consentUrl: string, email: string) => Promise<URL>;

export interface SignInOverHttpOptions {
  /**
   * Where this api listens, when its public URL (the one its links carry) is not reachable from
   * the caller: auth/begin, the callback and auth/confirm are fetched at this origin.
   */
  apiUrl?: string;
  /**
   * Take also an api from before the window's secret, whose auth/begin redirects (302) straight to
   * the consent: the benches measure such a commit as their baseline. Off, a 302 is an error.
   */
  acceptRedirectingBegin?: boolean;
}

export interface ConsentedSignIn {
  /** The window's cookie, as a `cookie` header value. */
  cookie: string;
  /** The window's secret, null when auth/begin redirected (an api from before it). */
  windowProof: string | null;
  /** The CRM's consent page the window went to (its query carries the api's `state`). */
  consentUrl: string;
  /** The CRM's redirect to our callback (with `code`), not opened yet. */
  callback: URL;
}

const unescapeHtml = (value: string): string =>
  value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function attribute(html: string, pattern: RegExp, what: string): string {
  const found = pattern.exec(html)?.[1];
  if (found === undefined) throw new Error(`${what}: not in the page`);
  return unescapeHtml(found);
}

function atApi(url: string | URL, apiUrl: string | undefined): URL {
  const parsed = new URL(url);
  if (!apiUrl) return parsed;
  return new URL(`${parsed.pathname}${parsed.search}`, apiUrl);
}

/** The sign-in up to the CRM's answer: auth/begin, then the consent as `email`. */
export async function consentedSignInOverHttp(
  authUrl: string,
  email: string,
  consent: ConsentOverHttp,
  options: SignInOverHttpOptions = {},
): Promise<ConsentedSignIn> {
  const begin = await fetch(atApi(authUrl, options.apiUrl), { redirect: 'manual' });
  const cookie = (begin.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const location = begin.headers.get('location');
  if (begin.status === 302 && location && options.acceptRedirectingBegin) {
    return {
      cookie,
      windowProof: null,
      consentUrl: location,
      callback: await consent(location, email),
    };
  }
  const page = await begin.text();
  if (begin.status !== 200) throw new Error(`auth/begin: ${begin.status} ${page.slice(0, 300)}`);
  const consentUrl = attribute(page, /data-next="([^"]*)"/, 'auth/begin: consent url');
  const windowProof = attribute(page, /data-window="([^"]*)"/, 'auth/begin: window secret');
  return { cookie, windowProof, consentUrl, callback: await consent(consentUrl, email) };
}

/**
 * The whole window: after the consent, our callback with the window's cookie and secret; when the
 * host signed no e-mail, its confirmation page answered with the CRM user whose e-mail is `email`.
 * What is left after it (the picker, when the CRM's token names nobody) is the panel's, not the
 * window's.
 */
export async function signInOverHttp(
  authUrl: string,
  email: string,
  consent: ConsentOverHttp,
  options: SignInOverHttpOptions = {},
): Promise<void> {
  const { cookie, windowProof, callback } = await consentedSignInOverHttp(
    authUrl,
    email,
    consent,
    options,
  );
  const callbackUrl = atApi(callback, options.apiUrl);
  if (windowProof !== null) callbackUrl.searchParams.set(WINDOW_PROOF_PARAM, windowProof);
  const answer = await fetch(callbackUrl, { headers: { cookie }, redirect: 'manual' });
  const page = await answer.text();
  if (answer.status !== 200)
    throw new Error(`auth/callback: ${answer.status} ${page.slice(0, 300)}`);
  if (!page.includes('name="confirm"')) return;
  const user = escapeRegExp(escapeHtml(email));
  const confirmed = await fetch(new URL('/api/rdstation/auth/confirm', callbackUrl), {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      confirm: attribute(page, /name="confirm" value="([^"]*)"/, 'auth/callback: confirmation'),
      userId: attribute(
        page,
        new RegExp(`value="([^"]*)" required>[^<]*<small>${user}</small>`),
        `auth/callback: ${email}`,
      ),
    }),
    redirect: 'manual',
  });
  if (confirmed.status !== 200) {
    throw new Error(`auth/confirm: ${confirmed.status} ${(await confirmed.text()).slice(0, 300)}`);
  }
}
