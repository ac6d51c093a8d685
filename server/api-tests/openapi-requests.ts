import type { FastifyInstance, InjectOptions } from 'fastify';
import { basic } from '../test-support';
import { exampleOf, type JsonSchema } from '../http/json-schema-check';

// Test support: the operations of `GET /openapi.json` and requests built from them, so that the
// fuzz suite and the tenancy matrix cover a route as soon as the document lists it.

export type ParameterPlace = 'query' | 'path' | 'header';

export interface ApiParameter {
  place: ParameterPlace;
  name: string;
  /** Declared required, or (raw-body headers) "(required)" in its description. */
  required: boolean;
  schema: JsonSchema;
  description: string;
}

export interface ApiOperation {
  /** `GET /v2/files`, with the document's path template. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The document's template, `/v2/upload/{uploadId}`. */
  path: string;
  parameters: ApiParameter[];
  /** JSON bodies have a schema; raw uploads are `application/octet-stream`. */
  body?: { mediaType: string; schema: JsonSchema };
  isPublic: boolean;
}

interface DocumentOperation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
  description?: string;
}

/** Every operation of the app's own `/openapi.json`, in document order. */
export async function loadOperations(app: FastifyInstance): Promise<ApiOperation[]> {
  const response = await app.inject({ url: '/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`/openapi.json answered ${response.statusCode}`);
  const paths = response.json().paths as Record<string, Record<string, DocumentOperation>>;
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const upper = method.toUpperCase() as ApiOperation['method'];
      const [mediaType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        key: `${upper} ${path}`,
        method: upper,
        path,
        parameters: (operation.parameters ?? []).map((p) => {
          const description = (p as { description?: string }).description ?? '';
          return {
            place: p.in as ParameterPlace,
            name: p.name,
            required: p.required === true || /\(required\)/.test(description),
            schema: p.schema ?? {},
            description,
          };
        }),
        body: mediaType ? { mediaType, schema: media?.schema ?? {} } : undefined,
        isPublic: operation.security?.length === 0,
      });
    }
  }
  return operations;
}

export const isRawBody = (op: ApiOperation) => op.body?.mediaType === 'application/octet-stream';

/** Names an id or a key of a resource: `id`, `memory_id`, `documentIds`, `uploadId`, `s3Key`. */
export function isIdLike(name: string, schema: JsonSchema): boolean {
  if (schema.type === 'boolean') return false;
  return /(^|_)ids?$|[a-z]Ids?$|Key$|^\*$/.test(name);
}

/** A request to an operation, before it is turned into `app.inject` options. */
export interface Draft {
  op: ApiOperation;
  path: Record<string, string>;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  /** `json`: a value to serialise; `bytes`: sent as is; `none`: no body. */
  body:
    { kind: 'json'; value: unknown } | { kind: 'bytes'; bytes: Buffer | string } | { kind: 'none' };
  contentType?: string;
  /** Credentials instead of the valid Basic header: other forms, wrong ones, or none (`{}`). */
  auth?: { headers?: Record<string, string>; query?: Array<[string, string]> };
}

/** The values a valid request uses for ids, by parameter; undefined lets the example stand. */
export type IdResolver = (op: ApiOperation, name: string) => number | string | undefined;

function valueFor(op: ApiOperation, name: string, schema: JsonSchema, ids: IdResolver): unknown {
  const id = isIdLike(name, schema) ? ids(op, name) : undefined;
  if (id === undefined) return exampleOf(schema, name);
  if (schema.type === 'array') return [id];
  return schema.type === 'string' || typeof id === 'string' ? String(id) : id;
}

/**
 * A request the document says is well formed: required parameters, id-like optional ones the
 * resolver knows, and a body of required properties plus the id-like ones.
 */
export function validDraft(op: ApiOperation, ids: IdResolver): Draft {
  const draft: Draft = { op, path: {}, query: [], headers: {}, body: { kind: 'none' } };
  for (const p of op.parameters) {
    const known = isIdLike(p.name, p.schema) && ids(op, p.name) !== undefined;
    if (!p.required && !known) continue;
    const value = String(valueFor(op, p.name, p.schema, ids));
    if (p.place === 'path') draft.path[p.name] = value;
    else if (p.place === 'query') draft.query.push([p.name, value]);
    else draft.headers[p.name] = value;
  }
  if (isRawBody(op)) {
    draft.body = { kind: 'bytes', bytes: 'Hello world. This is a test.\n' };
    draft.contentType = 'application/octet-stream';
  } else if (op.body) {
    const schema = objectBranch(op.body.schema);
    const value = exampleOf(schema) as Record<string, unknown>;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (isIdLike(name, property) && ids(op, name) !== undefined) {
        value[name] = valueFor(op, name, property, ids);
      }
    }
    draft.body = { kind: 'json', value };
    draft.contentType = 'application/json';
  }
  return draft;
}

/** A copy that mutations may change without touching the original. */
export function cloneDraft(draft: Draft): Draft {
  const body =
    draft.body.kind === 'json'
      ? { kind: 'json' as const, value: structuredClone(draft.body.value) }
      : draft.body;
  const copy = { ...draft, path: { ...draft.path }, query: [...draft.query], body };
  return { ...copy, headers: { ...draft.headers } };
}

/** The object branch of a body that is an object or an array of them. */
export function objectBranch(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.find((branch) => branch.type === 'object') ?? schema;
}

/** Percent-encodes text; a lone surrogate becomes its WTF-8 bytes (invalid UTF-8 on the wire). */
export function encodeText(text: string): string {
  let encoded = '';
  // By code point: a surrogate pair is one character, a lone surrogate one of its own.
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char.length > 1 || code < 0xd800 || code > 0xdfff) {
      encoded += encodeURIComponent(char);
      continue;
    }
    const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
    encoded += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
  }
  return encoded;
}

export function urlOf(draft: Draft): string {
  const path = draft.op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = draft.path[name] ?? '';
    // The wildcard is a key with slashes in it, not one segment.
    return name === '*' ? value.split('/').map(encodeText).join('/') : encodeText(value);
  });
  const pairs = [...draft.query, ...(draft.auth?.query ?? [])];
  const query = pairs.map(([name, value]) => `${encodeText(name)}=${encodeText(value)}`);
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

/** `app.inject` options: Basic auth with `key` unless the draft brings its own credentials. */
export function injectOptions(draft: Draft, key: string): InjectOptions {
  const auth = draft.auth ? (draft.auth.headers ?? {}) : { authorization: basic(key) };
  const headers: Record<string, string> = { ...auth, ...draft.headers };
  if (draft.contentType !== undefined) headers['content-type'] = draft.contentType;
  const { body } = draft;
  const payload =
    body.kind === 'json'
      ? JSON.stringify(body.value)
      : body.kind === 'bytes'
        ? body.bytes
        : undefined;
  return { method: draft.op.method, url: urlOf(draft), headers, payload };
}
