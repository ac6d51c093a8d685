import { createReadStream, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; " +
    "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/**
 * Serves the built renderer. Paths are resolved inside `root` only; anything else is a 404, and
 * unknown paths fall back to index.html (the app routes by hash, so this is rare).
 */
export function serveStatic(root: string, pathname: string, response: ServerResponse): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    response.writeHead(400, SECURITY_HEADERS).end('Bad path');
    return;
  }
  const relative = normalize(decoded).replace(/^([/\\])+/, '');
  let file = join(root, relative || 'index.html');
  if (file !== root && !file.startsWith(root + sep)) {
    response.writeHead(404, SECURITY_HEADERS).end('Not found');
    return;
  }
  let stats = statOrNull(file);
  if (!stats?.isFile()) {
    file = join(root, 'index.html');
    stats = statOrNull(file);
  }
  if (!stats?.isFile()) {
    response
      .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
      .end('The renderer is not built: run `npm run build`.');
    return;
  }
  const isIndex = file.endsWith('index.html');
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': stats.size,
    'cache-control': isIndex ? 'no-store' : 'public, max-age=31536000, immutable',
  });
  createReadStream(file).pipe(response);
}

function statOrNull(file: string) {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}
