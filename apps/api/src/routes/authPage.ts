import { createHash } from 'node:crypto';

const CLOSE_SOON = 'setTimeout(function () { window.close(); }, 1000);';
const CLOSE_ON_CLICK =
  "document.getElementById('fechar').addEventListener('click', function () { window.close(); });";

const scriptHash = (script: string): string =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/** CSP of the callback page: only its own two inline scripts run. */
export const AUTH_PAGE_CSP = {
  directives: {
    defaultSrc: ["'none'"],
    scriptSrc: [scriptHash(CLOSE_SOON), scriptHash(CLOSE_ON_CLICK)],
    styleSrc: ["'unsafe-inline'"],
    baseUri: ["'none'"],
    formAction: ["'none'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  },
};

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page the OAuth popup lands on; on success it closes itself so the panel checks status. */
export function authResultPage(kind: 'success' | 'error', title: string, body: string): string {
  const script = kind === 'success' ? CLOSE_SOON : CLOSE_ON_CLICK;
  const colour = kind === 'success' ? '#1f7a3a' : '#b42318';
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;display:flex;min-height:100vh;margin:0;align-items:center;justify-content:center;background:#f6f7f9;color:#1d2939}main{max-width:28rem;padding:2rem;text-align:center;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12)}h1{font-size:1.25rem;color:${colour}}button{margin-top:1rem;padding:.5rem 1rem}</style>
</head>
<body>
<main role="${kind === 'success' ? 'status' : 'alert'}">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(body)}</p>
${kind === 'error' ? '<button id="fechar" type="button">Fechar janela</button>' : ''}
</main>
<script>${script}</script>
</body>
</html>`;
}
