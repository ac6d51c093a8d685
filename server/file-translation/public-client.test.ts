import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TranslationInfo } from '../../shared/api/file-translation';
import { requireApertium } from '../mt/apertium-test-support';
import { createTestApp, TEST_KEY, type TestApp } from '../test-support';

// The public client's instant-translation workflow (lilt-node, workflow_tests/
// testInstantTranslation.js), call for call as it sends them over HTTP: the key as a query
// parameter, ids as strings, poll by `translationIds`, download the bytes.

describe('the public client’s file translation workflow', () => {
  let t: TestApp;
  let base: string;
  beforeAll(() => requireApertium());
  beforeEach(async () => {
    t = await createTestApp();
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterEach(async () => {
    t.app.server.closeAllConnections();
    await t.close();
  });

  const call = async (method: string, path: string, body?: string | object) => {
    const isRaw = typeof body === 'string';
    const response = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}key=${TEST_KEY}`, {
      method,
      headers:
        body === undefined
          ? {}
          : { 'content-type': isRaw ? 'application/octet-stream' : 'application/json' },
      body: body === undefined ? undefined : isRaw ? body : JSON.stringify(body),
    });
    return response;
  };

  it('uploads, translates, monitors until ready, and downloads', async () => {
    const created = await call('POST', '/v2/memories', {
      name: 'en-es',
      srclang: 'en',
      trglang: 'es',
    });
    const memory = (await created.json()) as { id: number };
    const upload = await call('POST', '/v2/files?name=translate-enToEs.txt', '\ncat\nhello\n');
    expect(upload.status).toBe(201);
    const fileId = ((await upload.json()) as { id: number }).id;

    const started = await call(
      'POST',
      `/v2/translate/file?fileId=${String(fileId)}&memoryId=${String(memory.id)}`,
    );
    expect(started.status).toBe(200);
    const [first] = (await started.json()) as TranslationInfo[];
    expect(first).toMatchObject({ fileId, status: 'InProgress' });
    expect(typeof first!.createdAt).toBe('number');

    let info = first!;
    while (info.status !== 'ReadyForDownload') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const monitored = await call('GET', `/v2/translate/file?translationIds=${String(info.id)}`);
      expect(monitored.status).toBe(200);
      info = ((await monitored.json()) as TranslationInfo[])[0]!;
      expect(['InProgress', 'ReadyForDownload']).toContain(info.status);
    }
    expect(info.status).toBe('ReadyForDownload');

    const download = await call('GET', `/v2/translate/files?id=${String(info.id)}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    const text = Buffer.from(await download.arrayBuffer()).toString();
    // Line for line, as the file had it (Apertium capitalises what it takes for a sentence).
    expect(text).toMatch(/^\n[Gg]ato\nhola\n$/);
    expect((await call('DELETE', `/v2/files?id=${fileId}`)).status).toBe(200);
  });
});
