import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error';

/**
 * Fastify's JSON parser with a more helpful error: the stock one answers "Body is not valid JSON"
 * without saying where. Parsing still goes through Fastify's safe parser (which refuses
 * `__proto__` and `constructor` keys); only on failure do we parse again to learn the position.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(new HttpError(400, 'Malformed JSON body: the body is empty'), undefined);
      return;
    }
    parse(request, text, (error, value) => {
      if (error) done(new HttpError(400, `Malformed JSON body: ${describe(text)}`), undefined);
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
