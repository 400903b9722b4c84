import { type IntegrationMode, type SimIdentity } from '../world/types.js';
import { el } from './dom.js';

export interface TopBarProps {
  identities: SimIdentity[];
  identity: SimIdentity;
  mode: IntegrationMode;
  environment: { label: string; value: string }[];
  onIdentity(userId: string): void;
  onMode(mode: IntegrationMode): void;
}

export interface TopBar {
  element: HTMLElement;
  setRefused(total: number): void;
}

const MODES: { value: IntegrationMode; label: string }[] = [
  { value: 'global', label: 'Objeto global (SDK)' },
  { value: 'postMessage', label: 'postMessage' },
  { value: 'novus', label: 'Novus (plugin)' },
];

const SIGNED_NOTE = 'Identidade assinada pelo host';
const UNSIGNED_NOTE = 'Host não assina a identidade';

function signingNote(identity: SimIdentity | undefined): string {
  return identity?.signsIdentity ? SIGNED_NOTE : UNSIGNED_NOTE;
}

/** Brand, identity switch, integration toggle and environment details. */
export function createTopBar(props: TopBarProps): TopBar {
  const select = el(
    'select',
    { attrs: { id: 'identity', name: 'identity' } },
    props.identities.map((identity) =>
      el('option', {
        text: `${identity.name} · ${identity.tenantName} (${identity.systemKey})`,
        attrs: {
          value: identity.userId,
          selected: identity.userId === props.identity.userId ? '' : undefined,
        },
      }),
    ),
  );
  // Whether this attendant's platform signs identity assertions (world/identities.ts).
  const signing = el('small', {
    className: 'identity-note',
    text: signingNote(props.identity),
    attrs: { id: 'identity-signing', 'data-testid': 'identity-signing' },
  });
  select.setAttribute('aria-describedby', 'identity-signing');
  select.addEventListener('change', () => {
    signing.textContent = signingNote(props.identities.find((i) => i.userId === select.value));
    props.onIdentity(select.value);
  });

  const modeGroup = el('fieldset', { className: 'segmented' }, [
    el('legend', { text: 'Integração' }),
    ...MODES.map((mode) => {
      const input = el('input', {
        attrs: {
          type: 'radio',
          name: 'mode',
          value: mode.value,
          checked: mode.value === props.mode ? '' : undefined,
        },
      });
      input.addEventListener('change', () => {
        if (input.checked) props.onMode(mode.value);
      });
      return el('label', {}, [input, el('span', { text: mode.label })]);
    }),
  ]);

  const refused = el('dd', { text: '0', attrs: { 'data-testid': 'refused-count' } });
  const environment = el('details', { className: 'environment' }, [
    el('summary', { text: 'Ambiente' }),
    el('dl', {}, [
      ...props.environment.flatMap((entry) => [
        el('dt', { text: entry.label }),
        el('dd', { text: entry.value }),
      ]),
      el('dt', { text: 'Mensagens recusadas (origem ou janela desconhecida)' }),
      refused,
    ]),
  ]);

  const element = el('header', { className: 'topbar' }, [
    el('div', { className: 'brand' }, [
      el('span', { className: 'brand-logo', text: 'CC', attrs: { 'aria-hidden': 'true' } }),
      el('span', { className: 'brand-name', text: 'Conecta Chat' }),
      el('span', { className: 'brand-badge', text: 'simulador' }),
    ]),
    el('div', { className: 'controls' }, [
      el('div', { className: 'field' }, [
        el('label', { text: 'Atendente', attrs: { for: 'identity' } }),
        select,
        signing,
      ]),
      modeGroup,
      environment,
    ]),
  ]);

  return {
    element,
    setRefused(total) {
      refused.textContent = String(total);
    },
  };
}
