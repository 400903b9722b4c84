import { createHash } from 'node:crypto';
import { WINDOW_PROOF_PARAM } from '@crm-panel/crm-model/schemas';

const CLOSE_SOON = 'setTimeout(function () { window.close(); }, 1000);';
const CLOSE_ON_CLICK =
  "document.getElementById('fechar').addEventListener('click', function () { window.close(); });";

/** The sessionStorage key of the sign-in window's own secret (this api's origin, that tab only). */
export const WINDOW_PROOF_KEY = 'crm-panel-sign-in';
/**
 * The sessionStorage key of the tab's history length when auth/begin opened (this api's origin,
 * that tab only): the tab's last page counts the pages since then to go back to the page before.
 */
export const SIGN_IN_START_KEY = 'crm-panel-sign-in-start';
/** The callback's query parameter the relay page puts that secret in (the wire contract's). */
export { WINDOW_PROOF_PARAM };

/**
 * auth/begin: the window keeps its secret in its own sessionStorage (no other tab or window has
 * it), drops the name it was opened under (so no page can target it by name with a callback of
 * its own), and goes on to the CRM's consent.
 */
const KEEP_PROOF_AND_GO = `(function () {
  var page = document.getElementById('login');
  try { sessionStorage.setItem('${WINDOW_PROOF_KEY}', page.getAttribute('data-window') || ''); } catch (e) {}
  try { sessionStorage.setItem('${SIGN_IN_START_KEY}', String(history.length)); } catch (e) {}
  window.name = '';
  location.replace(page.getAttribute('data-next') || 'about:blank');
})();`;

/**
 * The callback's first answer: the window sends its secret back with the CRM's code (read once,
 * then forgotten). Another tab or window has none, and the api refuses it.
 */
const RELAY_PROOF = `(function () {
  var proof = '';
  try {
    proof = sessionStorage.getItem('${WINDOW_PROOF_KEY}') || '';
    sessionStorage.removeItem('${WINDOW_PROOF_KEY}');
  } catch (e) {}
  var url = new URL(location.href);
  url.searchParams.set('${WINDOW_PROOF_PARAM}', proof);
  location.replace(url.toString());
})();`;

/**
 * The tab's last page: when the sign-in began in this very tab after another page (the host's,
 * which a frame sent here), 'Voltar' goes back in history to that exact page, as many steps as
 * the pages since auth/begin (CRM consent, callback, confirmation); otherwise (a tab of its own,
 * whose first page was auth/begin) the link's address, where the panel said it was framed.
 */
const GO_BACK_TO_HOST = `(function () {
  var start = 0;
  try {
    start = Number(sessionStorage.getItem('${SIGN_IN_START_KEY}')) || 0;
    sessionStorage.removeItem('${SIGN_IN_START_KEY}');
  } catch (e) {}
  var link = document.getElementById('voltar');
  var steps = history.length - start + 1;
  if (!link || start < 2 || steps < 1) return;
  link.addEventListener('click', function (event) {
    event.preventDefault();
    history.go(-steps);
  });
})();`;

const scriptHash = (script: string): string =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/**
 * CSP of the sign-in window's pages: only their own inline scripts run, and the only form (the
 * confirmation) posts to this api.
 */
export const AUTH_PAGE_CSP = {
  directives: {
    defaultSrc: ["'none'"],
    scriptSrc: [CLOSE_SOON, CLOSE_ON_CLICK, KEEP_PROOF_AND_GO, RELAY_PROOF, GO_BACK_TO_HOST].map(
      scriptHash,
    ),
    styleSrc: ["'unsafe-inline'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  },
};

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE =
  'body{font-family:system-ui,sans-serif;display:flex;min-height:100vh;margin:0;align-items:center;justify-content:center;background:#f6f7f9;color:#1d2939}main{max-width:28rem;padding:2rem;text-align:center;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12)}h1{font-size:1.25rem}button,.button{display:inline-block;margin-top:1rem;padding:.625rem 1.25rem;border:0;border-radius:8px;background:#0f5ae6;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}button:hover,.button:hover{background:#0a47bd}button:focus-visible,.button:focus-visible{outline:2px solid #1a6bff;outline-offset:2px}form button{width:100%}fieldset{border:0;margin:1rem 0 0;padding:0;text-align:left}legend{font-weight:600;margin-bottom:.5rem}label{display:block;padding:.5rem .75rem;border:1px solid #d0d5dd;border-radius:8px;margin-bottom:.5rem;cursor:pointer}label small{display:block;color:#475467}';

function htmlPage(title: string, main: string, script: string | null): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${main}
${script ? `<script>${script}</script>` : ''}
</body>
</html>`;
}

/** The page the sign-in ends on; on success it closes itself so the panel checks status. */
export function authResultPage(kind: 'success' | 'error', title: string, body: string): string {
  const colour = kind === 'success' ? '#1f7a3a' : '#b42318';
  return htmlPage(
    title,
    `<main role="${kind === 'success' ? 'status' : 'alert'}">
<h1 style="color:${colour}">${escapeHtml(title)}</h1>
<p>${escapeHtml(body)}</p>
${kind === 'error' ? '<button id="fechar" type="button">Fechar janela</button>' : ''}
</main>`,
    kind === 'success' ? CLOSE_SOON : CLOSE_ON_CLICK,
  );
}

/**
 * A tab's sign-in is done: the panel that started it redeems it by itself; this page says so and,
 * when the panel said where it was framed, leads back there (a link: the person follows it). In a
 * tab the host's page itself was sent from, the link goes back in history to that exact page
 * (GO_BACK_TO_HOST); the address is only the way for a tab of its own.
 */
export function tabSignInDonePage(
  title: string,
  body: string,
  returnLabel: string,
  returnTo: string | null,
): string {
  return htmlPage(
    title,
    `<main role="status">
<h1 style="color:#1f7a3a">${escapeHtml(title)}</h1>
<p>${escapeHtml(body)}</p>
${returnTo ? `<a id="voltar" class="button" href="${escapeHtml(returnTo)}">${escapeHtml(returnLabel)}</a>` : ''}
</main>`,
    returnTo ? GO_BACK_TO_HOST : null,
  );
}

/** auth/begin: keeps the window's secret, then the CRM's consent page. */
export function signInBeginPage(
  title: string,
  noScript: string,
  windowProof: string,
  consentUrl: string,
): string {
  return htmlPage(
    title,
    `<main id="login" role="status" data-window="${escapeHtml(windowProof)}" data-next="${escapeHtml(consentUrl)}">
<h1>${escapeHtml(title)}</h1>
<noscript><p>${escapeHtml(noScript)}</p></noscript>
</main>`,
    KEEP_PROOF_AND_GO,
  );
}

/** The callback's first answer: the window's secret goes back with the code. */
export function signInRelayPage(title: string, noScript: string): string {
  return htmlPage(
    title,
    `<main role="status">
<h1>${escapeHtml(title)}</h1>
<noscript><p>${escapeHtml(noScript)}</p></noscript>
</main>`,
    RELAY_PROOF,
  );
}

export interface ConfirmPageTexts {
  title: string;
  intro: string;
  listLabel: string;
  confirm: string;
  empty: string;
}

/**
 * Who signs in, asked before anything is bound: the account's active users as RD names them
 * (name and e-mail), one to pick; the form posts to auth/confirm with the page's single-use
 * secret.
 */
export function signInConfirmPage(
  texts: ConfirmPageTexts,
  action: string,
  confirmSecret: string,
  users: readonly { id: string; name: string; email: string }[],
  error: string | null = null,
): string {
  const options = users
    .map(
      (user) =>
        `<label><input type="radio" name="userId" value="${escapeHtml(user.id)}" required> ${escapeHtml(user.name || user.email)}<small>${escapeHtml(user.email)}</small></label>`,
    )
    .join('\n');
  return htmlPage(
    texts.title,
    `<main>
<h1>${escapeHtml(texts.title)}</h1>
<p>${escapeHtml(texts.intro)}</p>
${error ? `<p role="alert" style="color:#b42318">${escapeHtml(error)}</p>` : ''}
${
  users.length === 0
    ? `<p role="alert">${escapeHtml(texts.empty)}</p>`
    : `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="confirm" value="${escapeHtml(confirmSecret)}">
<fieldset>
<legend>${escapeHtml(texts.listLabel)}</legend>
${options}
</fieldset>
<button type="submit">${escapeHtml(texts.confirm)}</button>
</form>`
}
</main>`,
    null,
  );
}
