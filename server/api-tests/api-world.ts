import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Queryable } from '../db/storage';
import { basic } from '../test-support';
import type { ApiOperation } from './openapi-requests';

// Test support: one of every resource the API has, made through the API by one organization, so
// that the fuzz suite has real ids to aim at and the tenancy matrix has another's ids to steal.

export type ResourceKind =
  | 'memory'
  | 'memoryUnit'
  | 'project'
  | 'document'
  | 'segment'
  | 'standaloneSegment'
  | 'comment'
  | 'file'
  | 'uploadedFile'
  | 'upload'
  | 'uploadKey'
  | 'singleUpload'
  | 'singleUploadKey'
  | 'translation'
  | 'job'
  | 'webhook'
  | 'webhookDelivery';

export interface ApiWorld {
  key: string;
  ids: Record<ResourceKind, number | string>;
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string) {
  if (response.statusCode !== status) {
    throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  }
  return response.body === '' ? null : response.json();
}

const tmx = (marker: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header srclang="en" segtype="sentence"` +
  ` datatype="plaintext" adminlang="en" creationtool="t" creationtoolversion="1" o-tmf="t"/>` +
  `<body><tu><tuv xml:lang="en"><seg>${marker} imported unit</seg></tuv>` +
  `<tuv xml:lang="es"><seg>${marker} unidad importada</seg></tuv></tu></body></tmx>`;

/**
 * Makes, as the owner of `key`, a memory (with imported units and a termbase export), a project,
 * a document with segments, a comment, a segment outside any document, a file with a label, a
 * completed single upload, a pending multipart upload with one part and the file's translation.
 * Every name and text carries `marker`, so an answer that shows any of it to someone else is
 * easy to find.
 */
export async function createWorld(
  app: FastifyInstance,
  db: Queryable,
  key: string,
  marker: string,
): Promise<ApiWorld> {
  const send = (method: string, url: string, payload?: object | string, headers = {}) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: basic(key), ...headers },
      payload,
    });
  const raw = { 'content-type': 'application/octet-stream' };

  const memory = expectStatus(
    await send('POST', '/v2/memories', { name: `${marker} memory`, srclang: 'en', trglang: 'es' }),
    200,
    'memory',
  );
  const imported = await send('POST', '/v2/memories/import', tmx(marker), {
    ...raw,
    memory_id: String(memory.id),
    name: `${marker}.tmx`,
  });
  expectStatus(imported, 200, 'memory import');
  expectStatus(await send('POST', `/v2/memories/termbase/export?id=${memory.id}`), 200, 'export');
  const project = expectStatus(
    await send('POST', '/v2/projects', { name: `${marker} project`, memory_id: memory.id }),
    200,
    'project',
  );
  const text = `${marker} first sentence.\n\n${marker} second sentence.\n`;
  const document = expectStatus(
    await send('POST', '/v2/documents/files', text, {
      ...raw,
      name: `${marker}.txt`,
      project_id: String(project.id),
    }),
    200,
    'document',
  );
  const segmentId = document.segments[0].id as number;
  const comment = expectStatus(
    await send('POST', `/2/comments?document_id=${document.id}&segment_id=${segmentId}`, {
      text: `${marker} comment`,
    }),
    201,
    'comment',
  );
  const standalone = expectStatus(
    await send('POST', '/v2/segments', {
      memory_id: memory.id,
      source: `${marker} standalone source`,
      target: `${marker} standalone target`,
    }),
    200,
    'segment',
  );
  const fileQuery = `name=${marker}-file.txt&labels=${marker}-label&project_id=${project.id}`;
  const file = expectStatus(
    await send('POST', `/v2/files?${fileQuery}`, `${marker} file bytes`, raw),
    201,
    'file',
  );

  const [translation] = expectStatus(
    await send('POST', `/v2/translate/file?fileId=${file.id}&memoryId=${memory.id}`),
    200,
    'file translation',
  );

  const single = expectStatus(
    await send('POST', '/v2/upload/s3/params', {
      filename: `${marker}-up.txt`,
      type: 'text/plain',
    }),
    200,
    'single upload',
  );
  const put = await app.inject({
    method: 'PUT',
    url: new URL(single.url).pathname + new URL(single.url).search,
    headers: raw,
    payload: `${marker} uploaded bytes`,
  });
  expectStatus(put, 200, 'single upload PUT');
  const multipart = expectStatus(
    await send('POST', '/v2/upload/s3/multipart', {
      filename: `${marker}-mp.txt`,
      type: 'text/plain',
    }),
    200,
    'multipart upload',
  );
  const part = `${marker} part one`;
  const signed = expectStatus(
    await send(
      'GET',
      `/v2/upload/s3/multipart/${multipart.uploadId}/1?s3Key=${encodeURIComponent(multipart.key)}&size=${part.length}`,
    ),
    200,
    'part URL',
  );
  const partUrl = new URL(signed.url);
  expectStatus(
    await app.inject({
      method: 'PUT',
      url: partUrl.pathname + partUrl.search,
      headers: raw,
      payload: part,
    }),
    200,
    'part PUT',
  );
  await app.work.idle();
  // A webhook with one queued delivery; `.invalid` never resolves, so nothing is ever received.
  const webhook = expectStatus(
    await send('POST', '/v3/connectors/configuration/webhooks', {
      webhookName: `${marker} webhook`,
      webhookUrl: `https://${marker}.invalid/hook`,
      eventType: ['PROJECT_UPDATE'],
    }),
    200,
    'webhook',
  );
  const webhookDelivery = expectStatus(
    await send('POST', `/v3/connectors/configuration/webhooks/${webhook.id}/test`),
    200,
    'webhook test event',
  );

  const unit = await db
    .selectFrom('memory_units')
    .select('id')
    .where('memory_id', '=', memory.id)
    .orderBy('id')
    .executeTakeFirst();
  const upload = await db
    .selectFrom('uploads')
    .select(['id', 'file_id'])
    .where('s3_key', '=', single.key)
    .executeTakeFirst();
  return {
    key,
    ids: {
      memory: memory.id,
      memoryUnit: unit?.id ?? 0,
      project: project.id,
      document: document.id,
      segment: segmentId,
      standaloneSegment: standalone.id,
      comment: comment.id,
      file: file.id,
      uploadedFile: upload?.file_id ?? 0,
      upload: Number(multipart.uploadId),
      uploadKey: multipart.key,
      singleUpload: upload?.id ?? 0,
      singleUploadKey: single.key,
      translation: translation.id,
      // The job made for the project, which was created without one (API.md 5).
      job: project.job_id,
      webhook: webhook.id,
      webhookDelivery: webhookDelivery.id,
    },
  };
}

const KIND_RULES: Array<{ path?: RegExp; name: RegExp; kind: ResourceKind }> = [
  { path: /^\/v2\/memories\/segment$/, name: /^segment_id$/, kind: 'memoryUnit' },
  { name: /^memory_?id$/i, kind: 'memory' },
  { name: /^project_?id$/i, kind: 'project' },
  { name: /^job_?id$/i, kind: 'job' },
  { name: /^document_?ids?$/i, kind: 'document' },
  { name: /^segment_?ids?$/i, kind: 'segment' },
  { name: /^comment_?id$/i, kind: 'comment' },
  { name: /^file_?ids?$/i, kind: 'file' },
  { name: /^upload_?ids?$/i, kind: 'upload' },
  { name: /Key$|^\*$/, kind: 'uploadKey' },
  { path: /^\/v2\/memories/, name: /^id$/, kind: 'memory' },
  { path: /^\/v2\/projects/, name: /^ids?$/, kind: 'project' },
  { path: /^\/v2\/files/, name: /^ids?$/, kind: 'file' },
  { path: /^\/v2\/documents/, name: /^ids?$/, kind: 'document' },
  { path: /^\/(v2|2)?\/?segments/, name: /^ids?$/, kind: 'segment' },
  { path: /^\/v2\/upload/, name: /^ids?$/, kind: 'upload' },
  { path: /^\/v2\/translate\/files?$/, name: /^(id|translationIds)$/, kind: 'translation' },
  { path: /^\/v3\/connectors\/configuration\/webhooks/, name: /^id$/, kind: 'webhook' },
  {
    path: /^\/v3\/connectors\/configuration\/webhooks/,
    name: /^deliveryId$/,
    kind: 'webhookDelivery',
  },
];

/** The kind of resource an id parameter names, by its name and path; undefined if unknown. */
export function kindOf(op: ApiOperation, name: string): ResourceKind | undefined {
  return KIND_RULES.find((rule) => rule.name.test(name) && (rule.path?.test(op.path) ?? true))
    ?.kind;
}
