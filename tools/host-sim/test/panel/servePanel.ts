import http from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { createModuleServer, DEFAULT_MODULE_ROOTS } from '@host-sim/assets/moduleServer';

// The test's own tiny panel: any path serves the test panel page (the modal route too), and
// /intruder a frame that impersonates the panel.

const PANEL_PAGE = `<!doctype html>
<html lang="pt-BR">
  <head><meta charset="utf-8" /><title>Painel de teste</title></head>
  <body>
    <h1 id="mode">carregando</h1>
    <p>Usuário: <span id="user">aguardando</span></p>
    <p>Rota: <span id="route"></span></p>
    <p>Atendimento: <span id="attendance">nenhum</span></p>
    <ol id="events"></ol>
    <button id="open-modal" type="button">Abrir formulário</button>
    <button id="save" type="button" hidden>Salvar</button>
    <p>Resultado: <span id="result">nenhum</span></p>
    <button id="ask-identity" type="button">Pedir identidade</button>
    <p>Identidade: <span id="assertion">nenhuma</span></p>
    <p>getInfoUser: <span id="user-raw"></span></p>
    <button id="ask-channels" type="button">Pedir canais</button>
    <label>Pedido ao proxy <textarea id="proxy-request">{"host":"publica","method":"GET","endpoint":"x"}</textarea></label>
    <button id="ask-proxy" type="button">Chamar proxy</button>
    <p>Resposta: <span id="raw"></span></p>
    <script type="module" src="/modules/testpanel/testPanel.js"></script>
  </body>
</html>`;

const INTRUDER_PAGE = `<!doctype html>
<html lang="pt-BR">
  <head><meta charset="utf-8" /><title>Intruso</title></head>
  <body>
    <p id="status">carregando</p>
    <p id="received">nada</p>
    <script type="module" src="/modules/testpanel/intruder.js"></script>
  </body>
</html>`;

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

export async function serveTestPanel(): Promise<TestServer> {
  const modules = createModuleServer({ ...DEFAULT_MODULE_ROOTS, testpanel: path.join(__dirname) });
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    try {
      if (pathname.startsWith('/modules/')) {
        const code = modules.module(pathname);
        response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
        response.end(code);
        return;
      }
      const page = pathname === '/intruder' ? INTRUDER_PAGE : PANEL_PAGE;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('não encontrado');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
