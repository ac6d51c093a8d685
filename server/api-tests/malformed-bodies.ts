import fc from 'fast-check';
import {
  BAD_FILE_NAMES,
  INVALID_UTF8,
  invalidValues,
  isFileName,
  malformedJson,
} from './fuzz-values';
import { conforms, type JsonSchema } from '../http/json-schema-check';
import type { Mutation } from './malformed-requests';
import { isRawBody, objectBranch, type ApiOperation, type Draft } from './openapi-requests';

// Test support for the fuzz suite: what can be wrong with a request body, by the document.

const show = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…(${text.length})` : text);
};
const mutation = (defect: string, apply: (draft: Draft) => void): Mutation => ({ defect, apply });
const pick = (values: Mutation[]) => (values.length > 0 ? fc.constantFrom(...values) : null);

/** Sends `bytes` as the body, labelled `contentType` (no Content-Type if null). */
const sendText =
  (bytes: string | Buffer, contentType: string | null = 'application/json') =>
  (draft: Draft) => {
    draft.body = { kind: 'bytes', bytes };
    draft.contentType = contentType ?? undefined;
  };

/** Above Fastify's default body limit of 1 MiB, below anything that strains the test. */
const OVER_BODY_LIMIT = 1024 * 1024 + 1024;
const DECLARED_HUGE = String(2 ** 35);
const DEPTH = 50_000;
const NOT_JSON_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zz',
  'application/octet-stream',
  'image/png',
  'text/html',
  'application/jsonp',
  'application/json/x',
  'garbage',
  ';;;',
];

/** The JSON text of `value` with `replacement` (raw text or bytes) as the value of `name`. */
function spliced(
  value: Record<string, unknown>,
  name: string,
  replacement: string | Buffer,
): Buffer {
  const token = '\u0001SPLICE\u0001';
  const text = JSON.stringify({ ...value, [name]: token });
  const at = text.indexOf(JSON.stringify(token));
  return Buffer.concat([
    Buffer.from(text.slice(0, at)),
    Buffer.isBuffer(replacement) ? replacement : Buffer.from(replacement),
    Buffer.from(text.slice(at + JSON.stringify(token).length)),
  ]);
}

function structureDefects(schema: JsonSchema, validText: string): Mutation[] {
  const rest = validText === '{}' ? '}' : `,${validText.slice(1)}`;
  return [
    mutation('no body', (d) => {
      d.body = { kind: 'none' };
      d.contentType = undefined;
    }),
    mutation('empty JSON body', sendText('')),
    mutation('body without content type', sendText(validText, null)),
    mutation('__proto__ key', sendText(`{"__proto__":{"isAdmin":true}${rest}`)),
    mutation('constructor.prototype key', sendText(`{"constructor":{"prototype":{"x":1}}${rest}`)),
    ...malformedJson(validText).map((text) =>
      mutation(`malformed JSON ${show(text)}`, sendText(text)),
    ),
    ...invalidValues(schema).map((value) =>
      mutation(`body = ${show(value)}`, sendText(JSON.stringify(value))),
    ),
    ...NOT_JSON_TYPES.map((type) => mutation(`content type ${type}`, sendText(validText, type))),
  ];
}

function sizeDefects(schema: JsonSchema, value: Record<string, unknown>): Mutation[] {
  // Built when applied, not when listed: a few of these are megabytes.
  const lazy = (defect: string, text: () => string | Buffer) =>
    mutation(defect, (d) => sendText(text())(d));
  const list: Mutation[] = [
    lazy('body over 1 MiB', () => spliced(value, 'unexpected', `"${'x'.repeat(OVER_BODY_LIMIT)}"`)),
    mutation('Content-Length 32 GiB', (d) => (d.headers['content-length'] = DECLARED_HUGE)),
  ];
  if (!conforms(schema, [[[]]])) {
    list.push(lazy(`${DEPTH} nested arrays`, () => '['.repeat(DEPTH) + ']'.repeat(DEPTH)));
  }
  if (!conforms(schema, { a: { a: 1 } })) {
    list.push(
      lazy(`${DEPTH} nested objects`, () => `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`),
    );
  }
  if (!conforms(schema, [0, 0, 0])) {
    list.push(lazy('array of 300,000 zeros', () => `[${'0,'.repeat(299_999)}0]`));
  }
  if (!conforms(schema, { k0: 0 })) {
    const keys = () => Array.from({ length: 50_000 }, (_, i) => `"k${i}":0`).join(',');
    list.push(lazy('50,000 unknown keys', () => `{${keys()}}`));
  }
  return list;
}

function propertyDefects(op: ApiOperation, schema: JsonSchema, value: Record<string, unknown>) {
  const list: Mutation[] = [];
  for (const name of schema.required ?? []) {
    const { [name]: _dropped, ...rest } = value;
    list.push(mutation(`body field ${name} missing`, sendText(JSON.stringify(rest))));
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const values = invalidValues(property);
    if (isFileName(op, name)) values.push(...BAD_FILE_NAMES);
    for (const bad of values) {
      list.push(
        mutation(
          `body field ${name} = ${show(bad)}`,
          sendText(JSON.stringify({ ...value, [name]: bad })),
        ),
      );
    }
    if (!conforms(property, [[[]]])) {
      list.push(
        mutation(`body field ${name} nested ${DEPTH} deep`, (d) =>
          sendText(spliced(value, name, '['.repeat(DEPTH) + ']'.repeat(DEPTH)))(d),
        ),
      );
    }
  }
  return list;
}

function encodingDefects(schema: JsonSchema, value: Record<string, unknown>): Mutation[] {
  const strings = Object.entries(schema.properties ?? {}).filter(([, p]) => p.type === 'string');
  const name = strings.find(([n]) => n in value)?.[0] ?? strings[0]?.[0] ?? 'unexpected';
  return INVALID_UTF8.map((bytes) => {
    const broken = Buffer.concat([Buffer.from('"a'), bytes, Buffer.from('b"')]);
    return mutation(
      `invalid UTF-8 ${bytes.toString('hex')} in ${name}`,
      sendText(spliced(value, name, broken)),
    );
  });
}

const laughs = Array.from(
  { length: 9 },
  (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
).join('');
/** Files that cost far more to read than their size: the stalls of issue 11. */
const HOSTILE_FILES: Array<{ name: string; text: () => string }> = [
  {
    name: 'fuzz.json',
    text: () => {
      let json = '"v"';
      for (let i = 0; i < 100; i++) json = `{"${'k'.repeat(20_000)}${i}":${json}}`;
      return json;
    },
  },
  { name: 'fuzz.json', text: () => `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
  {
    name: 'fuzz.xlf',
    text: () =>
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY lol "lol">${laughs}]>` +
      '<xliff version="1.2"><file source-language="en" target-language="es" original="x" ' +
      'datatype="plaintext"><body><trans-unit id="1"><source>&lol9;</source></trans-unit>' +
      '</body></file></xliff>',
  },
  { name: 'fuzz.txt', text: () => 'a'.repeat(3_000_000) },
];

/**
 * Raw uploads whose parameters are right but whose file is hostile. Not malformed for every
 * route (any bytes are a valid file to `POST /v2/files`), so these must only not fail or stall.
 */
function hostileUploads(op: ApiOperation): Mutation[] {
  const names = op.parameters.filter((p) => isFileName(op, p.name));
  return HOSTILE_FILES.map(({ name, text }, i) => ({
    ...mutation(`hostile file ${i + 1} (${name})`, (d) => {
      sendText(text(), 'application/octet-stream')(d);
      for (const p of names) {
        if (p.place === 'header') d.headers[p.name] = name;
        else d.query = [...d.query.filter(([n]) => n !== p.name), [p.name, name]];
      }
    }),
    expect: 'no-5xx' as const,
  }));
}

/** Families of body defects: structure, encoding, size, fields; raw uploads: empty, oversize. */
export function bodyDefects(op: ApiOperation, valid: Draft): Array<fc.Arbitrary<Mutation> | null> {
  if (!op.body) return [];
  if (isRawBody(op)) {
    return [
      pick([
        mutation('empty body', sendText('', 'application/octet-stream')),
        mutation('Content-Length 32 GiB', (d) => (d.headers['content-length'] = DECLARED_HUGE)),
      ]),
      pick(hostileUploads(op)),
    ];
  }
  const schema = op.body.schema;
  const value = (valid.body.kind === 'json' ? valid.body.value : {}) as Record<string, unknown>;
  const object = objectBranch(schema);
  return [
    pick(structureDefects(schema, JSON.stringify(value))),
    pick(encodingDefects(object, value)),
    pick(sizeDefects(schema, value)),
    pick(propertyDefects(op, object, value)),
  ];
}
