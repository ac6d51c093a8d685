import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error';

/**
 * The first name or value of a query string that does not decode: bad percent-encoding, or bytes
 * that are not UTF-8 (a lone surrogate among them). Null when every part decodes.
 */
export function undecodableQueryPart(query: string): string | null {
  for (const pair of query.split('&')) {
    for (const part of pair.split('=')) {
      if (!part.includes('%')) continue;
      try {
        decodeURIComponent(part.replaceAll('+', ' '));
      } catch {
        return part;
      }
    }
  }
  return null;
}

/**
 * Fastify's query parser keeps a part that does not decode as its raw text, so `?name=%FF.txt`
 * would store a file named `%FF.txt`. Such a request is refused with 400 before anything else
 * runs, as a JSON body that is not UTF-8 is.
 */
export function registerStrictQuery(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const url = request.raw.url ?? '';
    const start = url.indexOf('?');
    if (start < 0) return;
    const bad = undecodableQueryPart(url.slice(start + 1));
    if (bad !== null) {
      const shown = bad.length > 40 ? `${bad.slice(0, 40)}…` : bad;
      throw badRequest(`Malformed query string: "${shown}" is not valid percent-encoded UTF-8`);
    }
  });
}
