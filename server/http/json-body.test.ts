import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, snapshot, TEST_KEY, type TestApp } from '../test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: Buffer | string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: basic(TEST_KEY), 'content-type': 'application/json' },
    payload,
  });

describe('JSON bodies', () => {
  it.each([
    ['a stray continuation byte', [0x80]],
    ['an overlong slash', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a cut sequence', [0xe2, 0x82]],
    ['0xff', [0xff]],
  ])('refuses a name with %s as not UTF-8, storing nothing', async (_what, bytes) => {
    const before = await snapshot(t.storage);
    const body = Buffer.concat([
      Buffer.from('{"name":"Memory '),
      Buffer.from(bytes),
      Buffer.from('","srclang":"en","trglang":"es"}'),
    ]);
    const response = await post('/v2/memories', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Malformed JSON body: the body is not valid UTF-8',
    });
    expect(await snapshot(t.storage)).toEqual(before);
  });

  it('refuses a lone surrogate escape, naming where it is', async () => {
    const response = await post(
      '/v2/memories',
      '{"name":"M \\ud800","srclang":"en","trglang":"es"}',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Malformed JSON body: name holds a lone surrogate (not a character)',
    );
    const nested = await post('/v2/memories', '{"a":[{"\\udc00":1}]}');
    expect(nested.json().message).toMatch(/a\[0\]\.\udc00 holds a lone surrogate/);
  });

  it('keeps every character that is one: accents, CJK, emoji as a pair', async () => {
    const name = 'Mémoire 記憶 \ud83d\ude00';
    const response = await post(
      '/v2/memories',
      JSON.stringify({ name, srclang: 'en', trglang: 'es' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().name).toBe(name);
  });

  it('still says where malformed JSON breaks', async () => {
    const response = await post('/v2/memories', '{"name": }');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Malformed JSON body: Unexpected token/);
  });
});
