import { expect } from 'vitest';
import {
  KILL_TEST_KEY as KEY,
  streamedRequest,
  tempBytes,
  until,
  type ServerProcess,
  type StreamedRequest,
} from './kill-support';

// Test support for kill-moments.test.ts: the requests it interrupts, sent to a server process.

/** An answer's JSON, of whichever shape each test expects (the return type is spelled out: inferred, it names undici's internal types). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A JSON request to a running server, as the bootstrap key. */
export async function call(
  server: ServerProcess,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Json; headers: Headers }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { key: KEY, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text ? JSON.parse(text) : null,
    headers: response.headers,
  };
}

/** Sends the first half of `body`, and waits until the server has written it to disk. */
export async function halfOnDisk(dataDir: string, request: StreamedRequest, body: Buffer) {
  const half = Math.floor(body.length / 2);
  request.request.write(body.subarray(0, half));
  await until(() => tempBytes(dataDir) >= half, 'half of the body on disk');
}

const MiB = 1024 * 1024;
const GERMAN =
  'Die Übersetzung wird im Hintergrund erkannt, auch wenn der Server zwischendurch abstürzt. ';
export const germanFile = (tag: string) =>
  Buffer.from(`${tag} ${GERMAN.repeat((8 * MiB) / GERMAN.length)}`);

/** `POST /v2/files` with language detection, headers sent, body when asked. */
export function fileUpload(server: ServerProcess, body: Buffer) {
  return streamedRequest(server.url, 'POST', '/v2/files?name=de.txt&langId=true', {
    key: KEY,
    'content-type': 'application/octet-stream',
    'content-length': String(body.length),
  });
}

/** `POST /v2/memories/import`, headers sent, body when asked. */
export function memoryImport(server: ServerProcess, memoryId: number, body: Buffer) {
  return streamedRequest(server.url, 'POST', '/v2/memories/import', {
    key: KEY,
    memory_id: String(memoryId),
    name: 'big.tmx',
    'content-type': 'application/octet-stream',
    'content-length': String(body.length),
  });
}

/** `POST /v2/documents/files`, headers sent, body when asked. */
export function documentUpload(
  server: ServerProcess,
  projectId: number,
  body: Buffer,
  pretranslate = '',
) {
  return streamedRequest(server.url, 'POST', '/v2/documents/files', {
    key: KEY,
    name: 'big.txt',
    project_id: String(projectId),
    ...(pretranslate ? { pretranslate } : {}),
    'content-type': 'application/octet-stream',
    'content-length': String(body.length),
  });
}

/** A multipart upload with `parts` parts of 8 MiB, all sent, not yet completed. */
export async function startMultipart(server: ServerProcess, parts: number) {
  const started = await call(server, 'POST', '/v2/upload/s3/multipart', {
    filename: 'big.txt',
    type: 'text/plain',
  });
  const { uploadId, key } = started.json as { uploadId: string; key: string };
  const sent: Array<{ ETag: string; PartNumber: number }> = [];
  for (let n = 1; n <= parts; n++) {
    const body = germanFile(`part ${n}`);
    const query = `s3Key=${encodeURIComponent(key)}&size=${body.length}`;
    const signed = await call(server, 'GET', `/v2/upload/s3/multipart/${uploadId}/${n}?${query}`);
    const put = await fetch(signed.json.url, { method: 'PUT', body });
    expect(put.status).toBe(200);
    sent.push({ ETag: put.headers.get('etag')!.replaceAll('"', ''), PartNumber: n });
  }
  return {
    uploadId,
    parts: sent,
    completeUrl: `/v2/upload/s3/multipart/${uploadId}/complete?s3Key=${encodeURIComponent(key)}`,
  };
}
