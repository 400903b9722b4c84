#!/usr/bin/env node
// Serves a built app (dist/apps/<name>) as a deployment would: static files, CORS for the
// federation runtime's fetch of mf-manifest.json, and SPA fallback to index.html.
// Usage: node tools/scripts/serve.js <name> [port]
const http = require('http');
const fs = require('fs');
const path = require('path');
const { PORTS } = require('./ports');
const { root } = require('./env');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Starts a static server; resolves once listening. `dir` may be a function, asked on each request
 * (what a deploy switches); `mounts` serve other folders under a path prefix (`/releases/` →
 * each release of the app); an override's value may be a function, asked on each request.
 */
function serveStatic({ dir, port, host = '127.0.0.1', overrides = {}, mounts = {} }) {
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' });
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405);
      return res.end();
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      res.writeHead(400);
      return res.end();
    }
    if (pathname in overrides) {
      // A deployment's own copy of a file, e.g. the shell's runtime manifest.
      const value = overrides[pathname];
      res.writeHead(200, { 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-cache' });
      return res.end(JSON.stringify(typeof value === 'function' ? value() : value));
    }
    const prefix = Object.keys(mounts).find((mount) => pathname.startsWith(mount));
    const base = path.resolve(prefix ? mounts[prefix] : typeof dir === 'function' ? dir() : dir);
    let file = path.join(base, prefix ? pathname.slice(prefix.length - 1) : pathname);
    if (!file.startsWith(base)) {
      res.writeHead(403);
      return res.end();
    }
    if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      // Unknown paths without an extension are client-side routes: answer the page.
      file = path.extname(pathname) ? null : path.join(base, 'index.html');
    }
    if (!file || !fs.existsSync(file)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      return res.end('Não encontrado');
    }
    const ext = path.extname(file);
    // Hashed assets never change; the page and the manifests must always be fresh.
    const immutable = /\.[0-9a-f]{8}\.js$/.test(file);
    res.writeHead(200, {
      'Content-Type': TYPES[ext] || 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') return res.end();
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        url: `http://${host}:${address.port}`,
        port: address.port,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

module.exports = { serveStatic };

if (require.main === module) {
  const name = process.argv[2];
  if (!name || !(name in PORTS)) {
    console.error(`Uso: node tools/scripts/serve.js <${Object.keys(PORTS).join('|')}> [porta]`);
    process.exit(2);
  }
  const dir = path.join(root, 'dist/apps', name);
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`${dir} não tem build. Rode: npx nx build ${name}`);
    process.exit(1);
  }
  const port = Number(process.argv[3] || PORTS[name]);
  serveStatic({ dir, port }).then(({ url }) => console.log(`${name} servido em ${url}`));
}
