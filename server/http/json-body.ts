import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error';
import { hasLoneSurrogate } from './text-rules';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const malformed = (why: string) => new HttpError(400, `Malformed JSON body: ${why}`);

/**
 * The path of the first string (key or value) holding a lone surrogate, or null. The path is
 * only built for the string found: a body of 300,000 numbers costs one pass and no strings.
 */
function loneSurrogateAt(value: unknown): string | null {
  const path: string[] = [];
  const visit = (node: unknown): boolean => {
    if (typeof node === 'string') return hasLoneSurrogate(node);
    if (typeof node !== 'object' || node === null) return false;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        if (visit(node[i])) return path.unshift(`[${i}]`) > 0;
      }
      return false;
    }
    for (const key in node) {
      if (hasLoneSurrogate(key) || visit((node as Record<string, unknown>)[key])) {
        return path.unshift(`.${key}`) > 0;
      }
    }
    return false;
  };
  if (!visit(value)) return null;
  return path.join('').replace(/^\./, '') || 'the body';
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
      const at = loneSurrogateAt(value);
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
