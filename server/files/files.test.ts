import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { SourceFile } from '../../shared/api/files';
import { countRows, createOtherOrganization, createTestApp, type TestApp } from '../test-support';
import { filesUnder, insertProject, upload, waitForDetection } from './test-support';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function app(options: Parameters<typeof createTestApp>[0] = {}) {
  t = await createTestApp(options);
  return t;
}

const md5 = (text: string | Buffer) => createHash('md5').update(text).digest('hex');
const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
const blobPath = (dir: string, bytes: string | Buffer) => {
  const digest = sha256(bytes);
  return join(dir, 'blobs', digest.slice(0, 2), digest.slice(2, 4), digest);
};
const countFiles = () => countRows(t.storage.db, 'files');

describe('POST /v2/files', () => {
  it('stores the bytes and answers 201 with the SourceFile', async () => {
    await app();
    const { response, file } = await upload(t.app, t.key, 'hello world', { name: 'hello.txt' });
    expect(response.statusCode).toBe(201);
    expect(file).toEqual({
      id: expect.any(Number),
      name: 'hello.txt',
      file_hash: md5('hello world'),
      detected_lang: 'zxx',
      detected_lang_confidence: 0,
      category: 'API',
      labels: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00:00$/),
      updated_at: file.created_at,
      size: 11,
      project_id: null,
      is_detecting: false,
    });
    expect(existsSync(blobPath(t.dir, 'hello world'))).toBe(true);
    expect(filesUnder(join(t.dir, 'blobs', 'tmp'))).toEqual([]);
  });

  it('takes file_hash, category and labels (trimmed, duplicates collapsed)', async () => {
    await app();
    const { file } = await upload(t.app, t.key, 'x', {
      name: 'ref.pdf',
      file_hash: 'client-hash',
      category: 'REFERENCE',
      labels: ' urgent, legal ,urgent',
    });
    expect(file).toMatchObject({
      file_hash: 'client-hash',
      category: 'REFERENCE',
      labels: ['urgent', 'legal'],
    });
  });

  it('accepts any content type, or none, as the raw bytes of the file', async () => {
    await app();
    const json = await upload(
      t.app,
      t.key,
      '{"a": 1}',
      { name: 'a.json' },
      {
        'content-type': 'application/json',
      },
    );
    expect(json.response.statusCode).toBe(201);
    expect(json.file.size).toBe(8);
    const none = await upload(t.app, t.key, 'plain', { name: 'b.txt' }, {});
    expect(none.response.statusCode).toBe(201);
    const download = await t.app.inject({
      url: `/v2/files/download?id=${json.file.id}`,
      headers: { key: t.key },
    });
    expect(download.body).toBe('{"a": 1}');
  });

  it.each([
    [{}, /name: is required/],
    [{ name: '' }, /name/],
    [{ name: '   ' }, /name must not be empty/],
    [{ name: 'dir/file.txt' }, /name must be a file name, not a path/],
    [{ name: 'dir\\file.txt' }, /name must be a file name, not a path/],
    [{ name: '..' }, /name must be a file name, not a path/],
    [{ name: '.' }, /name must be a file name, not a path/],
    [{ name: 'a\u0000b' }, /name must be a file name, not a path/],
    [{ name: 'a\nb' }, /name must be a file name, not a path/],
    [{ name: 'x'.repeat(256) }, /name/],
    [{ name: 'a.txt', category: 'OTHER' }, /category: must be one of REFERENCE, API/],
    [{ name: 'a.txt', langId: 'maybe' }, /langId/],
    [{ name: 'a.txt', project_id: 'x' }, /project_id/],
    [{ name: 'a.txt', labels: 'a,,b' }, /labels: item 2 is empty/],
    [{ name: 'a.txt', labels: 'a,' }, /labels: item 2 is empty/],
    [{ name: 'a.txt', labels: 'x'.repeat(101) }, /longer than 100 characters/],
    [{ name: 'a.txt', labels: 'a\u0001b' }, /not allowed/],
  ])('refuses %j with 400 and keeps nothing', async (query, message) => {
    await app();
    const { response } = await upload(t.app, t.key, 'bytes', query as Record<string, string>);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect((await countFiles()).n).toBe(0);
    expect(filesUnder(join(t.dir, 'blobs'))).toEqual([]);
  });

  it('accepts a name in any script, and names with dots inside', async () => {
    await app();
    const { response, file } = await upload(t.app, t.key, 'x', { name: 'Übersicht ..v2 日本.txt' });
    expect(response.statusCode).toBe(201);
    expect(file.name).toBe('Übersicht ..v2 日本.txt');
  });

  it('refuses a request without bytes: no body, or an empty one', async () => {
    await app();
    for (const payload of [undefined, '']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v2/files?name=a.txt',
        headers: { key: t.key, 'content-type': 'application/octet-stream' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/no file bytes/);
    }
    // A streamed (chunked) body that turns out empty.
    const { response } = await upload(t.app, t.key, '', { name: 'a.txt' });
    expect(response.statusCode).toBe(400);
    const chunked = await t.app.inject({
      method: 'POST',
      url: '/v2/files?name=a.txt',
      headers: { key: t.key, 'content-type': 'application/octet-stream' },
      payload: Readable.from([]),
    });
    expect(chunked.statusCode).toBe(400);
    expect(chunked.json().message).toMatch(/no file bytes/);
    expect((await countFiles()).n).toBe(0);
    expect(filesUnder(join(t.dir, 'blobs'))).toEqual([]);
  });

  it('answers 413 naming the limit, by Content-Length or while streaming, and keeps nothing', async () => {
    await app({ maxUploadBytes: 10 });
    const declared = await upload(t.app, t.key, 'x'.repeat(11), { name: 'big.bin' });
    expect(declared.response.statusCode).toBe(413);
    expect(declared.response.json().message).toBe(
      'The file is larger than the upload limit of 10 bytes',
    );
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/v2/files?name=big.bin',
      headers: { key: t.key, 'content-type': 'application/octet-stream' },
      payload: Readable.from([Buffer.from('123456'), Buffer.from('789012')]),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().message).toMatch(/limit of 10 bytes/);
    expect((await countFiles()).n).toBe(0);
    expect(filesUnder(join(t.dir, 'blobs'))).toEqual([]);
    const exact = await upload(t.app, t.key, 'x'.repeat(10), { name: 'fits.bin' });
    expect(exact.response.statusCode).toBe(201);
  });

  it('links the file to a project of the organization; 404 for unknown or foreign ones', async () => {
    await app();
    const other = await createOtherOrganization(t.storage);
    const own = await insertProject(t.storage.db, 1);
    const foreign = await insertProject(t.storage.db, other.orgId);
    const { file } = await upload(t.app, t.key, 'x', { name: 'a', project_id: String(own) });
    expect(file.project_id).toBe(own);
    for (const id of [foreign, 999]) {
      const { response } = await upload(t.app, t.key, 'x', { name: 'a', project_id: String(id) });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(`Project ${id} not found`);
    }
    expect((await countFiles()).n).toBe(1);
  });

  it('without langId the file stays zxx; with it, detection runs in the background', async () => {
    await app();
    const english =
      'The translation memory stores every sentence you confirm, so that the next time a similar ' +
      'sentence appears in a document, the editor can suggest what you wrote before.';
    const plain = await upload(t.app, t.key, english, { name: 'a.txt' });
    const detected = await upload(t.app, t.key, english, { name: 'b.txt', langId: 'true' });
    expect(detected.file).toMatchObject({ detected_lang: 'zxx', is_detecting: true });
    const done = await waitForDetection(t.app, t.key, detected.file.id);
    expect(done.detected_lang).toBe('eng');
    expect(done.detected_lang_confidence).toBeGreaterThan(0);
    expect(done.detected_lang_confidence).toBeLessThanOrEqual(1);
    await t.app.work.idle();
    const [still] = (
      await t.app.inject({ url: `/v2/files?id=${plain.file.id}`, headers: { key: t.key } })
    ).json() as SourceFile[];
    expect(still).toMatchObject({ detected_lang: 'zxx', detected_lang_confidence: 0 });
  });

  it('detects und with confidence 0 for binary noise', async () => {
    await app();
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    const { file } = await upload(t.app, t.key, noise, { name: 'noise.bin', langId: 'true' });
    expect(await waitForDetection(t.app, t.key, file.id)).toMatchObject({
      detected_lang: 'und',
      detected_lang_confidence: 0,
    });
  });
});

describe('GET /v2/files', () => {
  it("lists the organization's files, one by id (404 when unknown), and by all labels", async () => {
    await app();
    const a = (await upload(t.app, t.key, 'a', { name: 'a', labels: 'red,big' })).file;
    const b = (await upload(t.app, t.key, 'b', { name: 'b', labels: 'red' })).file;
    const c = (await upload(t.app, t.key, 'c', { name: 'c' })).file;
    const get = async (query: string) => {
      const response = await t.app.inject({ url: `/v2/files${query}`, headers: { key: t.key } });
      return {
        status: response.statusCode,
        ids: (response.json() as SourceFile[]).map?.((f) => f.id),
        body: response.json(),
      };
    };
    expect((await get('')).ids).toEqual([a.id, b.id, c.id]);
    expect((await get(`?id=${b.id}`)).ids).toEqual([b.id]);
    expect((await get('?labels=red')).ids).toEqual([a.id, b.id]);
    expect((await get('?labels=red,big')).ids).toEqual([a.id]);
    expect((await get('?labels=big, red')).ids).toEqual([a.id]);
    expect((await get('?labels=red,none')).ids).toEqual([]);
    expect((await get('?labels=')).ids).toEqual([a.id, b.id, c.id]);
    expect((await get(`?id=${c.id}&labels=red`)).ids).toEqual([]);
    const missing = await get('?id=999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'File 999 not found' });
    expect((await get('?id=abc')).status).toBe(400);
    expect((await get('?labels=a,,b')).status).toBe(400);
  });
});

describe('GET /v2/files/download', () => {
  it('streams the bytes with type, length and the original name (non-ASCII included)', async () => {
    await app();
    const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
    const name = 'Résumé "final" – 日本.bin';
    const { file } = await upload(t.app, t.key, bytes, { name });
    const response = await t.app.inject({
      url: `/v2/files/download?id=${file.id}`,
      headers: { key: t.key },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-length']).toBe(String(bytes.length));
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Resume _final_ _ __.bin"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    const missing = await t.app.inject({
      url: '/v2/files/download?id=42',
      headers: { key: t.key },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('File 42 not found');
  });
});

describe('DELETE /v2/files', () => {
  it('answers {id, deleted} and keeps shared bytes until the last file using them goes', async () => {
    await app();
    const first = (await upload(t.app, t.key, 'same bytes', { name: 'one.txt' })).file;
    const second = (await upload(t.app, t.key, 'same bytes', { name: 'two.txt' })).file;
    const path = blobPath(t.dir, 'same bytes');
    expect(filesUnder(join(t.dir, 'blobs'))).toHaveLength(1);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v2/files?id=${first.id}`,
      headers: { key: t.key },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ id: first.id, deleted: true });
    expect(existsSync(path)).toBe(true);
    const gone = await t.app.inject({ url: `/v2/files?id=${first.id}`, headers: { key: t.key } });
    expect(gone.statusCode).toBe(404);

    await t.app.inject({
      method: 'DELETE',
      url: `/v2/files?id=${second.id}`,
      headers: { key: t.key },
    });
    expect(existsSync(path)).toBe(false);
    expect(await countRows(t.storage.db, 'blobs')).toEqual({ n: 0 });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/v2/files?id=${second.id}`,
      headers: { key: t.key },
    });
    expect(again.statusCode).toBe(404);
    const noId = await t.app.inject({
      method: 'DELETE',
      url: '/v2/files',
      headers: { key: t.key },
    });
    expect(noId.statusCode).toBe(400);
  });
});

describe('labels', () => {
  const addLabel = (id: number, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/v2/files/labels?id=${id}`,
      headers: { key: t.key },
      payload: payload as object,
    });
  const removeLabel = (id: number, name: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/v2/files/labels?id=${id}&name=${encodeURIComponent(name)}`,
      headers: { key: t.key },
    });
  const labelsOf = async (id: number) =>
    (
      (
        await t.app.inject({ url: `/v2/files?id=${id}`, headers: { key: t.key } })
      ).json() as SourceFile[]
    )[0]!.labels;

  it('adds (idempotently) and removes labels with 204', async () => {
    await app();
    const { file } = await upload(t.app, t.key, 'x', { name: 'a', labels: 'first' });
    const added = await addLabel(file.id, { name: ' second ' });
    expect(added.statusCode).toBe(204);
    expect(added.body).toBe('');
    expect((await addLabel(file.id, { name: 'second' })).statusCode).toBe(204);
    expect(await labelsOf(file.id)).toEqual(['first', 'second']);
    expect((await removeLabel(file.id, 'first')).statusCode).toBe(204);
    expect(await labelsOf(file.id)).toEqual(['second']);
    const missing = await removeLabel(file.id, 'first');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(`File ${file.id} has no label "first"`);
  });

  it.each([
    [{ name: '' }, /name/],
    [{ name: '   ' }, /must not be empty/],
    [{ name: 'a,b' }, /name/],
    [{ name: 'x'.repeat(101) }, /name/],
    [{ name: 5 }, /name: must be string/],
    [{}, /name: is required/],
  ])('refuses the label body %j with 400', async (payload, message) => {
    await app();
    const { file } = await upload(t.app, t.key, 'x', { name: 'a' });
    const response = await addLabel(file.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await labelsOf(file.id)).toEqual([]);
  });

  it('answers 404 for an unknown file', async () => {
    await app();
    expect((await addLabel(7, { name: 'a' })).json()).toEqual({ message: 'File 7 not found' });
    expect((await removeLabel(7, 'a')).statusCode).toBe(404);
  });
});

describe('organizations', () => {
  it("never shows, serves, labels or deletes another organization's file", async () => {
    await app();
    const other = await createOtherOrganization(t.storage);
    const { file } = await upload(t.app, t.key, 'secret', { name: 'mine.txt' });
    const theirs = (await upload(t.app, other.key, 'theirs', { name: 'theirs.txt' })).file;
    const as = (key: string, method: 'GET' | 'DELETE' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { key }, payload });
    const list = await as(other.key, 'GET', '/v2/files');
    expect((list.json() as SourceFile[]).map((f) => f.id)).toEqual([theirs.id]);
    for (const [method, url, payload] of [
      ['GET', `/v2/files?id=${file.id}`],
      ['GET', `/v2/files/download?id=${file.id}`],
      ['POST', `/v2/files/labels?id=${file.id}`, { name: 'x' }],
      ['DELETE', `/v2/files/labels?id=${file.id}&name=x`],
      ['DELETE', `/v2/files?id=${file.id}`],
    ] as const) {
      const response = await as(other.key, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ message: `File ${file.id} not found` });
    }
    expect((await as(t.key, 'GET', `/v2/files?id=${file.id}`)).statusCode).toBe(200);
  });

  it('requires a key', async () => {
    await app();
    const response = await t.app.inject({ method: 'POST', url: '/v2/files?name=a', payload: 'x' });
    expect(response.statusCode).toBe(401);
  });
});
