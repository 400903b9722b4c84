/**
 * Consents on the sandbox's OAuth page over HTTP, as a person would in the browser: reads the
 * authorize page, picks the user by e-mail, posts the form. Answers the redirect target (the
 * client's callback URL with `code`, and `state` only under the echoState knob). For tests and
 * benches that need a signed-in session without driving the consent page.
 */
export async function consentOverHttp(
  authUrl: string,
  userEmail: string,
  decision: 'allow' | 'deny' = 'allow',
): Promise<URL> {
  const page = await fetch(authUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`consent page ${page.status}: ${html}`);
  const userId = new RegExp(
    `value="([^"]+)"[^>]*> [^<]*\\(${userEmail.replace(/\./g, '\\.')}\\)`,
  ).exec(html)?.[1];
  if (!userId) throw new Error(`user ${userEmail} not on the consent page`);
  const form = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(match[1] ?? '', decodeEntities(match[2] ?? ''));
  }
  form.set('user_id', userId);
  form.set('decision', decision);
  const origin = new URL(authUrl).origin;
  const posted = await fetch(`${origin}/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const location = posted.headers.get('location');
  if (posted.status !== 302 || !location) throw new Error(`consent POST ${posted.status}`);
  return new URL(location);
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
