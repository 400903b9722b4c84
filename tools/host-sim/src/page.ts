import { type HostSimPageConfig } from './world/types';

export const CONFIG_ELEMENT_ID = 'host-sim-config';

/** JSON that is safe inside a <script> element. */
function embedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function renderPage(config: HostSimPageConfig): string {
  return `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Conecta Chat · simulador do sistema de atendimento</title>
    <link rel="stylesheet" href="/assets/styles.css" />
  </head>
  <body>
    <div id="app" class="app" aria-busy="true"></div>
    <noscript>Ative o JavaScript para usar o simulador.</noscript>
    <script type="application/json" id="${CONFIG_ELEMENT_ID}">${embedJson(config)}</script>
    <script type="module" src="/modules/client/main.js"></script>
  </body>
</html>
`;
}
