import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ version: '1.2.3' });
});
afterAll(() => t.close());

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document generated from the route schemas', async () => {
    const response = await t.app.inject({ url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.version).toBe('1.2.3');
    expect(doc.components.securitySchemes.ApiKeyAuth).toEqual({
      type: 'apiKey',
      in: 'query',
      name: 'key',
    });
    expect(doc.components.securitySchemes.BasicAuth).toEqual({ type: 'http', scheme: 'basic' });
    expect(doc.security).toEqual(expect.arrayContaining([{ ApiKeyAuth: [] }, { BasicAuth: [] }]));
    expect(doc.components.schemas.Error.properties.message.type).toBe('string');

    const languages = doc.paths['/v2/languages'].get;
    const schema = languages.responses['200'].content['application/json'].schema;
    expect(schema.required).toEqual(['source_to_target', 'code_to_name']);
    expect(languages.responses['401'].content['text/plain']).toBeDefined();
    expect(languages.responses.default.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/Error',
    );
    expect(doc.paths['/health'].get.security).toEqual([]);
    expect(doc.paths['/openapi.json']).toBeUndefined();
  });
});
