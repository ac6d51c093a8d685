import { afterEach, describe, expect, it } from 'vitest';
import { apertiumLanguages } from '../mt/apertium-pairs';
import { createTestApp, TEST_KEY, type TestApp } from '../test-support';
import type { AppOptions } from '../app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function getLanguages(languages: AppOptions['languages']) {
  t = await createTestApp({ languages });
  return t.app.inject({ url: '/v2/languages', headers: { key: TEST_KEY } });
}

describe('GET /v2/languages', () => {
  it('answers what the injected discovery reports', async () => {
    const answer = {
      source_to_target: { en: { de: true } },
      code_to_name: { en: 'English', de: 'German' },
    };
    const response = await getLanguages(async () => answer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(answer);
  });

  it('lists the installed Apertium pairs: en -> es', async () => {
    const response = await getLanguages(apertiumLanguages());
    const body = response.json();
    expect(body.source_to_target.en.es).toBe(true);
    expect(body.code_to_name).toMatchObject({ en: 'English', es: 'Spanish' });
  });

  it('answers an empty map, not an error, without Apertium', async () => {
    const response = await getLanguages(apertiumLanguages({ binary: '/nonexistent/apertium' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ source_to_target: {}, code_to_name: {} });
  });
});
