import fc from 'fast-check';
import { basic } from '../test-support';
import {
  BAD_FILE_NAME_HEADERS,
  BAD_FILE_NAMES,
  invalidIdHeaderTexts,
  invalidTexts,
  isFileName,
  isJsonHeader,
  WEIRD_TEXT,
} from './fuzz-values';
import { conforms } from '../http/json-schema-check';
import { bodyDefects } from './malformed-bodies';
import { cloneDraft, isIdLike, type ApiOperation, type Draft } from './openapi-requests';

// Test support for the fuzz suite: malformed requests to one operation, derived from what the
// OpenAPI document declares. Each case carries one defect the document rules out (so 4xx is the
// only right answer) plus harmless noise. An operation that declares nothing to get wrong and
// needs no key (`/health`) gets noise only, and must merely not fail.

export interface Mutation {
  /** What is wrong, for the report: `query id = "0x10"`. */
  defect: string;
  apply(draft: Draft): void;
  /** Set when the case is hostile rather than malformed: only a failure or a stall is wrong. */
  expect?: 'no-5xx';
}

export interface FuzzCase {
  defect: string;
  draft: Draft;
  expect: '4xx' | 'no-5xx';
}

const show = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…(${text.length})` : text);
};

const mutation = (defect: string, apply: (draft: Draft) => void): Mutation => ({ defect, apply });
const pick = <T>(values: T[]) => (values.length > 0 ? fc.constantFrom(...values) : null);
const setParameter = (draft: Draft, place: string, name: string, value: string | null) => {
  if (place === 'path') draft.path[name] = value ?? '';
  else if (place === 'header') {
    if (value === null) delete draft.headers[name];
    else draft.headers[name] = value;
  } else {
    draft.query = draft.query.filter(([n]) => n !== name);
    if (value !== null) draft.query.push([name, value]);
  }
};

function parameterDefects(op: ApiOperation, jsonHeaderFields: Record<string, unknown>) {
  const families: Array<fc.Arbitrary<Mutation> | null> = [];
  const required = op.parameters.filter((p) => p.required && p.place !== 'path');
  families.push(
    pick(
      required.map((p) =>
        mutation(`${p.place} ${p.name} missing`, (d) => setParameter(d, p.place, p.name, null)),
      ),
    ),
  );
  const invalid = op.parameters.flatMap((p) => {
    let texts = invalidTexts(p.schema, p.place);
    if (p.place === 'header' && isIdLike(p.name, p.schema)) texts = invalidIdHeaderTexts();
    if (isFileName(op, p.name)) {
      texts = [...texts, ...(p.place === 'header' ? BAD_FILE_NAME_HEADERS : BAD_FILE_NAMES)];
    }
    if (isJsonHeader(p)) texts = jsonHeaderTexts(jsonHeaderFields);
    return texts.map((text) =>
      mutation(`${p.place} ${p.name} = ${show(text)}`, (d) => {
        if (isJsonHeader(p))
          for (const name of Object.keys(jsonHeaderFields)) delete d.headers[name];
        setParameter(d, p.place, p.name, text);
      }),
    );
  });
  families.push(pick(invalid));
  const repeatable = op.parameters.filter((p) => p.place === 'query' && p.schema.type !== 'array');
  families.push(
    pick(
      repeatable.map((p) =>
        mutation(`query ${p.name} given twice`, (d) => {
          const value = d.query.find(([n]) => n === p.name)?.[1] ?? '1';
          d.query.push([p.name, value], [p.name, value]);
        }),
      ),
    ),
  );
  return families;
}

/** A `LILT-API` header: not JSON, not an object, unknown fields, or a field it must refuse. */
function jsonHeaderTexts(fields: Record<string, unknown>): string[] {
  const texts = ['{', 'not json', '[]', '"x"', '1', 'null', JSON.stringify({ ...fields, zz: 1 })];
  for (const name of Object.keys(fields)) {
    const bad = /(^|_)id$/.test(name) ? ['0x10', ' 1', -1, 0, 1.5, '1e3', null, true] : [null];
    const names = name === 'name' ? BAD_FILE_NAMES.filter((n) => n.trim() !== '') : [];
    for (const value of [...bad, ...names])
      texts.push(JSON.stringify({ ...fields, [name]: value }));
  }
  // Header values are Latin-1 on the wire: anything else is escaped, as clients must.
  return texts.map((text) =>
    text.replace(/[^\u0020-\u007e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
}

const KEY_LIKE = 'wb_not-a-real-key-0123456789';
const credentialDefects = (key: string) =>
  pick<Mutation>(
    [
      ['no credentials', {}],
      ['unknown key', { headers: { authorization: basic(KEY_LIKE) } }],
      ['Basic user and password differ', { headers: { authorization: basic(key, `${key}x`) } }],
      ['Basic not base64', { headers: { authorization: 'Basic !!!%%%' } }],
      ['Basic empty', { headers: { authorization: 'Basic ' } }],
      ['Bearer empty', { headers: { authorization: 'Bearer ' } }],
      ['Bearer unknown', { headers: { authorization: `Bearer ${KEY_LIKE}` } }],
      ['Digest scheme', { headers: { authorization: `Digest username="${key}"` } }],
      ['key query empty', { query: [['key', '']] }],
      ['key query with NUL', { query: [['key', `${key}\u0000`]] }],
      ['key query lone surrogate', { query: [['key', '\ud800']] }],
      ['key header unknown', { headers: { key: KEY_LIKE } }],
      ['key header 10,000 characters', { headers: { key: 'k'.repeat(10_000) } }],
      ['Basic key with NUL', { headers: { authorization: basic(`${key}\u0000`) } }],
    ].map(([defect, auth]) =>
      mutation(`credentials: ${defect as string}`, (d) => (d.auth = auth as Draft['auth'])),
    ),
  );

const noise = (key: string): fc.Arbitrary<Mutation> =>
  fc.oneof(
    fc
      .tuple(
        fc.constantFrom('zz', 'extra', 'id_', 'a[b]', '__proto__', 'constructor', 'x'.repeat(300)),
        fc.constantFrom(...WEIRD_TEXT),
      )
      .map(([name, value]) =>
        mutation(`extra query ${name.slice(0, 12)}`, (d) => d.query.push([name, value])),
      ),
    fc
      .constantFrom('x', '../..', 'x'.repeat(8000), '\u00ff\u00fe', '')
      .map((value) => mutation('extra header', (d) => (d.headers['x-fuzz'] = value))),
    fc.constantFrom(...WEIRD_TEXT, 1e308, -1, [[[]]], { a: { b: null } }).map((value) =>
      mutation('extra body property', (d) => {
        if (d.body.kind === 'json' && conforms({ type: 'object' }, d.body.value)) {
          (d.body.value as Record<string, unknown>).unexpected_field = value;
        }
      }),
    ),
    fc
      .constantFrom<Draft['auth']>(
        { headers: { key } },
        { query: [['key', key]] },
        { headers: { authorization: `Bearer ${key}` } },
      )
      .map((auth) => mutation('another credential form', (d) => (d.auth ??= auth))),
  );

/** Malformed requests to `op`, starting from `valid` (a request with real ids of the caller). */
export function malformedRequests(
  op: ApiOperation,
  valid: Draft,
  key: string,
): fc.Arbitrary<FuzzCase> {
  const jsonHeader = op.parameters.find(isJsonHeader);
  const fields = jsonHeader
    ? Object.fromEntries(
        Object.entries(valid.headers).map(([n, v]) => [n, /(^|_)id$/.test(n) ? Number(v) : v]),
      )
    : {};
  const families = [
    ...parameterDefects(op, fields),
    op.isPublic ? null : credentialDefects(key),
    ...bodyDefects(op, valid),
  ].filter((family): family is fc.Arbitrary<Mutation> => family !== null);
  const noises = fc.array(noise(key), { maxLength: 2 });
  if (families.length === 0) {
    return noises.map((extra) => build(valid, extra, 'no-5xx', 'noise only'));
  }
  return fc
    .tuple(fc.oneof(...families), noises)
    .map(([defect, extra]) =>
      build(valid, [defect, ...extra], defect.expect ?? '4xx', defect.defect),
    );
}

function build(
  valid: Draft,
  mutations: Mutation[],
  expect: FuzzCase['expect'],
  defect: string,
): FuzzCase {
  const draft = cloneDraft(valid);
  for (const m of mutations) m.apply(draft);
  const extra = mutations.slice(defect === 'noise only' ? 0 : 1).map((m) => m.defect);
  return { defect: extra.length > 0 ? `${defect} (+ ${extra.join(', ')})` : defect, draft, expect };
}
