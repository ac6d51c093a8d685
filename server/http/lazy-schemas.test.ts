import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { lazySerializers, lazyValidator, type Validate } from './lazy-schemas';

describe('lazyValidator', () => {
  it('compiles on the first call, once, and passes the errors through', () => {
    let compiles = 0;
    const compile = () => {
      compiles += 1;
      const check = ((data: unknown) => {
        check.errors =
          data === 1 ? null : [{ keyword: 'const', instancePath: '', schemaPath: '#', params: {} }];
        return data === 1;
      }) as Validate;
      return check;
    };
    const validate = lazyValidator(compile);
    expect(compiles).toBe(0);
    expect(validate(2)).toBe(false);
    expect(validate.errors?.[0]?.keyword).toBe('const');
    expect(validate(1)).toBe(true);
    expect(validate.errors).toBeNull();
    expect(compiles).toBe(1);
    lazyValidator(compile, true);
    expect(compiles).toBe(2);
  });

  it('builds a serializer on its first use, with the schema it was given', () => {
    const compiler = lazySerializers()({}, {});
    const serialize = compiler({
      schema: { type: 'object', properties: { a: { type: 'integer' } } },
      method: 'GET',
      url: '/',
      httpStatus: '200',
    });
    expect(serialize({ a: 1, b: 2 })).toBe('{"a":1}');
  });
});

describe('route schemas', () => {
  let lazy: TestApp;
  let eager: TestApp;
  beforeAll(async () => {
    lazy = await createTestApp();
    // Every validator and serializer of every route compiled before the first request: a schema
    // that Ajv or fast-json-stringify refuses fails here, not on some user's first call.
    eager = await createTestApp({ eagerSchemas: true });
  });
  afterAll(async () => {
    await lazy?.close();
    await eager?.close();
  });

  it('answer the same compiled late as compiled at start', async () => {
    const calls = [
      { url: `/v2/projects?key=${lazy.key}&id=0x10` },
      { url: `/v2/projects?key=${lazy.key}` },
      { url: `/v2/memories?key=${lazy.key}`, method: 'POST' as const, payload: { name: 5 } },
      {
        url: `/v2/memories?key=${lazy.key}`,
        method: 'POST' as const,
        payload: { name: 'M', srclang: 'en', trglang: 'es' },
      },
      { url: '/health' },
    ];
    for (const call of calls) {
      const [late, early] = await Promise.all([lazy.app.inject(call), eager.app.inject(call)]);
      expect(late.statusCode, call.url).toBe(early.statusCode);
      expect(stripVolatile(late.json()), call.url).toEqual(stripVolatile(early.json()));
    }
  });
});

/** Ids and times differ between two databases; the shape and the messages must not. */
function stripVolatile(body: unknown): unknown {
  return JSON.parse(
    JSON.stringify(body, (key, value: unknown) =>
      /^(id|created_at|updated_at|uptime|requestId)$/.test(key) ? '*' : value,
    ),
  );
}
