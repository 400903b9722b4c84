import { type UserRecord } from '@crm-sandbox/store/records';
import { escapeHtml } from '@crm-sandbox/util/text';

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f6fb; color: #1f2937; margin: 0; }
  main { max-width: 28rem; margin: 4rem auto; background: #fff; border-radius: 12px;
         box-shadow: 0 4px 20px rgba(0,0,0,.08); padding: 2rem; }
  h1 { font-size: 1.35rem; margin-top: 0; }
  fieldset { border: 1px solid #d1d5db; border-radius: 8px; padding: 1rem; }
  label { display: block; padding: .4rem 0; cursor: pointer; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { padding: .6rem 1.2rem; border-radius: 6px; border: 1px solid #1d4ed8; cursor: pointer; }
  button[value=allow] { background: #1d4ed8; color: #fff; }
  button[value=deny] { background: #fff; color: #1d4ed8; }
  .note { font-size: .8rem; color: #6b7280; margin-top: 1.5rem; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface ConsentPageInput {
  appName: string;
  /** The accounts the person may sign in to, the app's own first, each with its active users. */
  accounts: { name: string; users: UserRecord[] }[];
  clientId: string;
  redirectUri: string;
  state: string | undefined;
}

/** RD's account chooser stands in for the real login: pick the user to sign in as. */
export function consentPage(input: ConsentPageInput): string {
  let first = true;
  const radio = (user: UserRecord): string => {
    const checked = first ? ' checked' : '';
    first = false;
    return `<label><input type="radio" name="user_id" value="${escapeHtml(user.id)}"${checked}> ${escapeHtml(user.name)} (${escapeHtml(user.email)})</label>`;
  };
  const options = input.accounts
    .map(
      (account) =>
        `<fieldset>\n<legend>Entrar na conta ${escapeHtml(account.name)} como</legend>\n${account.users.map(radio).join('\n')}\n</fieldset>`,
    )
    .join('\n');
  const hidden = [
    ['response_type', 'code'],
    ['client_id', input.clientId],
    ['redirect_uri', input.redirectUri],
    ...(input.state === undefined ? [] : [['state', input.state]]),
  ]
    .map(
      ([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value ?? '')}">`,
    )
    .join('\n');
  return page(
    'Autorizar acesso ao RD Station CRM',
    `<h1>Autorizar acesso ao RD Station CRM</h1>
<p>O aplicativo <strong>${escapeHtml(input.appName)}</strong> quer acessar uma conta do RD Station CRM. Escolha a conta e o usuário.</p>
<form method="post" action="/oauth/authorize">
${hidden}
${options}
<div class="actions">
<button type="submit" name="decision" value="allow">Autorizar</button>
<button type="submit" name="decision" value="deny">Cancelar</button>
</div>
</form>
<p class="note">Ambiente de testes (sandbox): nenhuma senha é pedida.</p>`,
  );
}

export function errorPage(message: string): string {
  return page(
    'Erro na autorização',
    `<h1>Não foi possível autorizar o acesso</h1>
<p role="alert">${escapeHtml(message)}</p>`,
  );
}
