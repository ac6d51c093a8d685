import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SourceFile } from '../../shared/api/files';
import type { UploadStatus } from '../../shared/api/uploads';
import { serverSecret } from '../db/secrets';
import { createOtherOrganization, createTestApp, type TestApp } from '../test-support';
import { createUploadSigner } from './signing';
import { filesUnder } from '../files/test-support';

let t: TestApp;
let clock = Date.UTC(2030, 0, 1);
afterEach(async () => {
  await t?.close();
});

async function app(options: Parameters<typeof createTestApp>[0] = {}) {
  clock = Date.UTC(2030, 0, 1);
  t = await createTestApp({ now: () => clock, ...options });
  return t;
}

const md5 = (bytes: string) => createHash('md5').update(bytes).digest('hex');

function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, key = t.key) {
  return t.app.inject({ method, url, headers: { key }, payload: payload as object });
}

/** PUT to a signed URL the way a browser would: no API key, raw bytes. */
function put(url: string, body: string | undefined, headers: Record<string, string> = {}) {
  const { pathname, search } = new URL(url);
  return t.app.inject({
    method: 'PUT',
    url: pathname + search,
    headers: { 'content-type': 'application/octet-stream', ...headers },
    payload: body,
  });
}

const filesOf = async (key = t.key) =>
  (await call('GET', '/v2/files', undefined, key)).json() as SourceFile[];
const uploadsOf = async () => (await call('GET', '/v2/upload')).json() as UploadStatus[];
const partsFolder = () => filesUnder(join(t.dir, 'blobs', 'parts'));

async function startMultipart(filename = 'big.txt') {
  const response = await call('POST', '/v2/upload/s3/multipart', { filename, type: 'text/plain' });
  expect(response.statusCode).toBe(200);
  return response.json() as { uploadId: string; key: string };
}

async function signPart(uploadId: string, key: string, partNumber: number, size: number) {
  const response = await call(
    'GET',
    `/v2/upload/s3/multipart/${uploadId}/${partNumber}?s3Key=${encodeURIComponent(key)}&size=${size}`,
  );
  expect(response.statusCode).toBe(200);
  return (response.json() as { url: string }).url;
}

async function putPart(uploadId: string, key: string, partNumber: number, bytes: string) {
  const response = await put(
    await signPart(uploadId, key, partNumber, Buffer.byteLength(bytes)),
    bytes,
  );
  expect(response.statusCode).toBe(200);
  return response.headers.etag as string;
}

const complete = (
  uploadId: string,
  key: string,
  parts: Array<{ ETag: string; PartNumber: number }>,
) =>
  call('POST', `/v2/upload/s3/multipart/${uploadId}/complete?s3Key=${encodeURIComponent(key)}`, {
    parts,
  });

describe('single uploads: /v2/upload/s3/params and the signed PUT', () => {
  it('signs a URL on this server; the PUT (no API key) stores the file with its metadata', async () => {
    await app();
    const response = await call('POST', '/v2/upload/s3/params', {
      filename: 'notes.txt',
      type: 'text/plain',
      metadata: { category: 'REFERENCE', labels: ['draft', ' legal '], size: 5 },
    });
    expect(response.statusCode).toBe(200);
    const params = response.json() as { url: string; key: string; method: string };
    expect(params.method).toBe('PUT');
    expect(params.key).toMatch(/^uploads\/[0-9a-f-]{36}$/);
    expect(params.url).toMatch(
      /^http:\/\/localhost:80\/v2\/upload\/s3\/objects\/uploads\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]+$/,
    );
    expect(new URL(params.url).searchParams.get('expires')).toBe(String(clock / 1000 + 900));

    const stored = await put(params.url, 'hello');
    expect(stored.statusCode).toBe(200);
    expect(stored.headers.etag).toBe(`"${md5('hello')}"`);
    const [file] = await filesOf();
    expect(file).toMatchObject({
      name: 'notes.txt',
      category: 'REFERENCE',
      labels: ['draft', 'legal'],
      size: 5,
      file_hash: md5('hello'),
      detected_lang: 'zxx',
    });
    const [status] = await uploadsOf();
    expect(status).toEqual({
      id: expect.any(Number),
      filename: 'notes.txt',
      status: 'completed',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00:00$/),
      fileId: file!.id,
    });
    const again = await put(params.url, 'hello');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already completed/);
    expect(await filesOf()).toHaveLength(1);
  });

  it('also starts by GET with query parameters, and many at once by POSTing an array', async () => {
    await app();
    const byQuery = await call(
      'GET',
      '/v2/upload/s3/params?filename=a.txt&type=text/plain&metadata.labels=x,y&metadata.category=API',
    );
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.json()).toMatchObject({ method: 'PUT', key: expect.any(String) });
    const many = await call('POST', '/v2/upload/s3/params', [
      { filename: 'b.txt', type: 'text/plain' },
      { filename: 'c.txt', type: 'text/plain' },
    ]);
    expect(many.json()).toHaveLength(2);
    expect((await uploadsOf()).map((upload) => upload.filename)).toEqual([
      'a.txt',
      'b.txt',
      'c.txt',
    ]);
  });

  it('creates none of an array when one body is bad', async () => {
    await app();
    const response = await call('POST', '/v2/upload/s3/params', [
      { filename: 'fine.txt', type: 'text/plain' },
      { filename: '../etc/passwd', type: 'text/plain' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/filename must be a file name, not a path/);
    expect(await uploadsOf()).toEqual([]);
    const labels = await call('POST', '/v2/upload/s3/params', {
      filename: 'a.txt',
      type: 'text/plain',
      metadata: { labels: ['   '] },
    });
    expect(labels.statusCode).toBe(400);
    const missing = await call('POST', '/v2/upload/s3/params', { filename: 'a.txt' });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses a tampered signature, another key and an expired URL with 403; unknown key 404', async () => {
    await app();
    const { url } = (
      await call('POST', '/v2/upload/s3/params', { filename: 'a', type: 't' })
    ).json() as {
      url: string;
    };
    const tampered = new URL(url);
    tampered.searchParams.set('signature', 'A'.repeat(43));
    expect((await put(tampered.toString(), 'x')).statusCode).toBe(403);
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(later.searchParams.get('expires')) + 3600));
    const extended = await put(later.toString(), 'x');
    expect(extended.statusCode).toBe(403);
    expect(extended.json().message).toMatch(/signature is not valid/);
    const otherKey = url.replace(/uploads\/[0-9a-f]/, 'uploads/z');
    expect((await put(otherKey, 'x')).statusCode).toBe(403);

    clock += 15 * 60 * 1000;
    const expired = await put(url, 'x');
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(/expired at 2030-01-01T00:15:00.000Z/);

    const signer = createUploadSigner(await serverSecret(t.storage, 'upload-signing'), () => clock);
    const { grant, signature } = signer.grant({ key: 'uploads/nothing-here' });
    const unknown = await put(
      `http://localhost/v2/upload/s3/objects/uploads/nothing-here?expires=${grant.expires}&signature=${signature}`,
      'x',
    );
    expect(unknown.statusCode).toBe(404);
    expect(await filesOf()).toEqual([]);
    expect((await put(url.replace(/signature=[^&]+/, ''), 'x')).statusCode).toBe(400);
  });

  it('refuses an empty PUT and one over the limit, and keeps nothing', async () => {
    await app({ maxUploadBytes: 4 });
    const { url } = (
      await call('POST', '/v2/upload/s3/params', { filename: 'a', type: 't' })
    ).json() as {
      url: string;
    };
    expect((await put(url, undefined)).statusCode).toBe(400);
    const big = await put(url, '12345');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/limit of 4 bytes/);
    expect(await filesOf()).toEqual([]);
    expect((await uploadsOf())[0]!.status).toBe('pending');
    expect((await put(url, '1234')).statusCode).toBe(200);
  });
});

describe('multipart uploads', () => {
  it('assembles parts uploaded out of order, sorted by number, replacing a part sent twice', async () => {
    await app();
    const { uploadId, key } = await startMultipart();
    expect(uploadId).toMatch(/^\d+$/);
    const second = await putPart(uploadId, key, 2, 'world');
    const stale = await putPart(uploadId, key, 1, 'HELLO ');
    const first = await putPart(uploadId, key, 1, 'hello ');
    expect(stale).toBe(`"${md5('HELLO ')}"`);
    expect(partsFolder()).toHaveLength(2);

    const mismatch = await complete(uploadId, key, [
      { ETag: stale, PartNumber: 1 },
      { ETag: second, PartNumber: 2 },
    ]);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('ETag of part 1 does not match the uploaded part');

    const done = await complete(uploadId, key, [
      { ETag: second, PartNumber: 2 },
      { ETag: first.replaceAll('"', ''), PartNumber: 1 },
    ]);
    expect(done.statusCode).toBe(200);
    const [file] = await filesOf();
    expect(done.json()).toEqual({
      success: true,
      location: `http://localhost:80/v2/files/download?id=${file!.id}`,
    });
    const download = await call('GET', `/v2/files/download?id=${file!.id}`);
    expect(download.body).toBe('hello world');
    expect(file).toMatchObject({ name: 'big.txt', size: 11, file_hash: md5('hello world') });
    expect(partsFolder()).toEqual([]);
    const status = (await call('GET', `/v2/upload/${uploadId}`)).json() as UploadStatus;
    expect(status).toMatchObject({ status: 'completed', fileId: file!.id });
    expect((await complete(uploadId, key, [{ ETag: first, PartNumber: 1 }])).statusCode).toBe(409);
  });

  it('signs parts by path number or by the literal /partNumber form; refuses bad numbers', async () => {
    await app({ maxUploadBytes: 100 });
    const { uploadId, key } = await startMultipart();
    const base = `/v2/upload/s3/multipart/${uploadId}`;
    const literal = await call('GET', `${base}/partNumber?s3Key=${key}&size=3&partNumber=4`);
    expect(literal.statusCode).toBe(200);
    expect(new URL((literal.json() as { url: string }).url).searchParams.get('partNumber')).toBe(
      '4',
    );
    for (const [path, status, message] of [
      [`${base}/0?s3Key=${key}&size=3`, 400, /partNumber/],
      [`${base}/10001?s3Key=${key}&size=3`, 400, /partNumber/],
      [`${base}/abc?s3Key=${key}&size=3`, 400, /partNumber/],
      [`${base}/partNumber?s3Key=${key}&size=3`, 400, /partNumber: is required/],
      [`${base}/1?s3Key=${key}`, 400, /size: is required/],
      [`${base}/1?s3Key=${key}&size=101`, 413, /limit of 100 bytes/],
      [`${base}/1?s3Key=wrong&size=3`, 400, /s3Key "wrong" is not the key of upload/],
      [`/v2/upload/s3/multipart/999/1?s3Key=${key}&size=3`, 404, /Upload 999 not found/],
    ] as const) {
      const response = await call('GET', path);
      expect(response.statusCode, path).toBe(status);
      expect(response.json().message).toMatch(message);
    }
  });

  it('holds a part to its signed size', async () => {
    await app();
    const { uploadId, key } = await startMultipart();
    const url = await signPart(uploadId, key, 1, 4);
    const short = await put(url, 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Part 1 has 3 bytes; its URL was signed for 4');
    expect((await put(url, 'abcde')).statusCode).toBe(413);
    expect(partsFolder()).toEqual([]);
    expect((await put(url, 'abcd')).statusCode).toBe(200);
  });

  it('names the problem when completing with a gap, a duplicate, a part never sent or one left out', async () => {
    await app();
    const { uploadId, key } = await startMultipart();
    const one = await putPart(uploadId, key, 1, 'a');
    const three = await putPart(uploadId, key, 3, 'c');
    const cases = [
      [
        [
          { ETag: one, PartNumber: 1 },
          { ETag: three, PartNumber: 3 },
        ],
        'Part 2 is missing',
      ],
      [
        [
          { ETag: one, PartNumber: 1 },
          { ETag: one, PartNumber: 1 },
        ],
        'Part 1 is listed twice',
      ],
      [[{ ETag: one, PartNumber: 2 }], 'Part 1 is missing'],
      [[{ ETag: one, PartNumber: 1 }], 'Part 3 was uploaded but is not in the list'],
    ] as const;
    for (const [parts, message] of cases) {
      const response = await complete(uploadId, key, [...parts]);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const two = await complete(uploadId, key, [
      { ETag: one, PartNumber: 1 },
      { ETag: one, PartNumber: 2 },
      { ETag: three, PartNumber: 3 },
    ]);
    expect(two.json().message).toBe('Part 2 was never uploaded');
    expect((await complete(uploadId, key, [])).statusCode).toBe(400);
    expect((await complete(uploadId, 'wrong', [{ ETag: one, PartNumber: 1 }])).statusCode).toBe(
      400,
    );
    expect((await complete('999', key, [{ ETag: one, PartNumber: 1 }])).statusCode).toBe(404);
    // Nothing half-created: no file, the upload still pending with its parts.
    expect(await filesOf()).toEqual([]);
    expect((await uploadsOf())[0]!.status).toBe('pending');
    expect(partsFolder()).toHaveLength(2);
  });

  it('refuses an assembled file over the limit and keeps the upload pending', async () => {
    await app({ maxUploadBytes: 5 });
    const { uploadId, key } = await startMultipart();
    const one = await putPart(uploadId, key, 1, 'abc');
    const two = await putPart(uploadId, key, 2, 'def');
    const response = await complete(uploadId, key, [
      { ETag: one, PartNumber: 1 },
      { ETag: two, PartNumber: 2 },
    ]);
    expect(response.statusCode).toBe(413);
    expect(await filesOf()).toEqual([]);
    expect((await uploadsOf())[0]!.status).toBe('pending');
    expect(filesUnder(join(t.dir, 'blobs', 'tmp'))).toEqual([]);
  });

  it('aborts: parts deleted, later parts and completion refused', async () => {
    await app();
    const { uploadId, key } = await startMultipart();
    const one = await putPart(uploadId, key, 1, 'a');
    const url = await signPart(uploadId, key, 2, 1);
    const aborted = await call('DELETE', `/v2/upload/s3/multipart/${uploadId}?s3Key=${key}`);
    expect(aborted.statusCode).toBe(200);
    expect(aborted.json()).toEqual({
      success: true,
      message: `Upload ${uploadId} aborted; 1 part deleted`,
    });
    expect(partsFolder()).toEqual([]);
    expect((await put(url, 'b')).statusCode).toBe(409);
    expect((await complete(uploadId, key, [{ ETag: one, PartNumber: 1 }])).statusCode).toBe(409);
    const again = await call('DELETE', `/v2/upload/s3/multipart/${uploadId}?s3Key=${key}`);
    expect(again.json()).toEqual({
      success: true,
      message: `Upload ${uploadId} was already aborted`,
    });
    expect((await call('DELETE', `/v2/upload/s3/multipart/999?s3Key=${key}`)).statusCode).toBe(404);
    expect(partsFolder()).toEqual([]);
  });
});

describe('GET /v2/upload', () => {
  it('filters by ids and statuses, answers one by id, and stays inside the organization', async () => {
    await app();
    const a = await startMultipart('a.txt');
    const b = await startMultipart('b.txt');
    await call('DELETE', `/v2/upload/s3/multipart/${b.uploadId}?s3Key=${b.key}`);
    const ids = async (query: string) =>
      ((await call('GET', `/v2/upload${query}`)).json() as UploadStatus[]).map((u) => u.id);
    expect(await ids('')).toEqual([Number(a.uploadId), Number(b.uploadId)]);
    expect(await ids(`?ids=${b.uploadId}`)).toEqual([Number(b.uploadId)]);
    expect(await ids('?statuses=pending')).toEqual([Number(a.uploadId)]);
    expect(await ids('?statuses=pending,aborted')).toHaveLength(2);
    expect((await call('GET', '/v2/upload?statuses=bogus')).statusCode).toBe(400);
    expect((await call('GET', '/v2/upload?ids=1,x')).statusCode).toBe(400);
    expect((await call('GET', `/v2/upload/${a.uploadId}`)).json()).toMatchObject({
      filename: 'a.txt',
      status: 'pending',
      fileId: null,
    });
    expect((await call('GET', '/v2/upload/999')).statusCode).toBe(404);

    const other = await createOtherOrganization(t.storage);
    expect((await call('GET', '/v2/upload', undefined, other.key)).json()).toEqual([]);
    expect((await call('GET', `/v2/upload/${a.uploadId}`, undefined, other.key)).statusCode).toBe(
      404,
    );
    const foreign = await call(
      'GET',
      `/v2/upload/s3/multipart/${a.uploadId}/1?s3Key=${a.key}&size=1`,
      undefined,
      other.key,
    );
    expect(foreign.statusCode).toBe(404);
  });
});
