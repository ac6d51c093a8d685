import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error';
import { hasLoneSurrogate } from './text-rules';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const malformed = (why: string) => new HttpError(400, `Malformed JSON body: ${why}`);

/** The path of the first string (key or value) holding a lone surrogate, or null. */
function loneSurrogateAt(value: unknown, path: string): string | null {
  if (typeof value === 'string') return hasLoneSurrogate(value) ? path || 'the body' : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (hasLoneSurrogate(key)) return at;
    const found = loneSurrogateAt(child, at);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Fastify's JSON parser with more helpful and stricter errors. The stock one answers "Body is not
 * valid JSON" without saying where, and decodes bytes that are not UTF-8 as U+FFFD, so a project
 * name would be stored changed. Here the body must be UTF-8 and every string well-formed (no lone
 * surrogate from a `\ud800` escape: SQLite would store it as U+FFFD too). Parsing still goes
 * through Fastify's safe parser (which refuses `__proto__` and `constructor` keys); only on failure
 * do we parse again to learn the position.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(malformed('the body is not valid UTF-8'), undefined);
      return;
    }
    if (text.trim() === '') {
      done(malformed('the body is empty'), undefined);
      return;
    }
    parse(request, text, (error, value) => {
      if (error) {
        done(malformed(describe(text)), undefined);
        return;
      }
      const at = loneSurrogateAt(value, '');
      if (at !== null) done(malformed(`${at} holds a lone surrogate (not a character)`), undefined);
      else done(null, value);
    });
  });
}

function describe(text: string): string {
  try {
    JSON.parse(text);
    return 'the "__proto__" and "constructor" keys are not allowed';
  } catch (error) {
    return error instanceof Error ? error.message : 'not valid JSON';
  }
}
