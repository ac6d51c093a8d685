import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TranslateSegmentBody, TranslationList } from '../../shared/api/translate';
import { MtError, type MtEngine } from '../mt/engine';
import { TEST_KEY, basic } from '../test-support';

/** `POST /v2/translate` with a JSON body (or any payload, to test bad input). */
export function postTranslate(app: FastifyInstance, body: object | string, key = TEST_KEY) {
  return app.inject({
    method: 'POST',
    url: '/v2/translate',
    headers: { authorization: basic(key), 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** `POST /v2/translate` that must answer 200. */
export async function translate(
  app: FastifyInstance,
  body: TranslateSegmentBody,
  key = TEST_KEY,
): Promise<TranslationList> {
  const response = await postTranslate(app, body, key);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/**
 * A stand-in engine for the failure paths only (a real Apertium cannot be made to time out on
 * demand): it serves en->es and rejects every translation with the given MtError code.
 */
export function failingEngine(code: MtError['code']): MtEngine & { calls: number } {
  const engine = {
    name: 'failing',
    calls: 0,
    pairs: async () => [{ source: 'en', target: 'es' }],
    supports: async (source: string, target: string) => source === 'en' && target === 'es',
    translate: async () => {
      engine.calls += 1;
      throw new MtError(code, `stand-in engine: ${code}`);
    },
    close: async () => {},
  };
  return engine;
}
