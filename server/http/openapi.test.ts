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
    expect(languages.responses['429'].headers['retry-after']).toBeDefined();
    expect(languages.responses.default.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/Error',
    );
    expect(doc.paths['/health'].get.security).toEqual([]);

    for (const path of ['/v2/memories', '/v2/projects']) {
      expect(Object.keys(doc.paths[path]).sort()).toEqual(['delete', 'get', 'post', 'put']);
    }
    const projects = doc.paths['/v2/projects'].get;
    const names = projects.parameters.map((parameter: { name: string }) => parameter.name);
    expect(names).toEqual(
      expect.arrayContaining(['id', 'srclang', 'trglang', 'from_time', 'to_time', 'state']),
    );
    expect(names).toEqual(expect.arrayContaining(['archived', 'connector_id']));
    const list = projects.responses['200'].content['application/json'].schema;
    expect(list.type).toBe('array');
    expect(list.items.properties.document.type).toBe('array');
    const memory404 = doc.paths['/v2/memories'].get.responses['404'];
    expect(memory404.content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
    expect(doc.paths['/v2/memories'].delete.responses['409']).toBeDefined();
    expect(Object.keys(doc.paths['/2/comments']).sort()).toEqual(['delete', 'get', 'post', 'put']);
    expect(doc.paths['/2/comments'].post.responses['201']).toBeDefined();
    expect(doc.paths['/2/comments/thread'].put.responses['200']).toBeDefined();
    expect(doc.paths['/openapi.json']).toBeUndefined();
  });
});
