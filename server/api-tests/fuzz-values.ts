import { conforms, textConforms, type JsonSchema } from '../http/json-schema-check';
import type { ApiOperation, ApiParameter, ParameterPlace } from './openapi-requests';
import { isRawBody } from './openapi-requests';

// Test support for the fuzz suite: values that a parameter or a body field must refuse. Every
// list is filtered by the schema checker, so only values the document rules out are returned.

/** Texts an integer parameter must refuse, whatever its range: not decimal digits. */
const NOT_DECIMAL = [
  '',
  ' ',
  'abc',
  '0x10',
  '0X1F',
  ' 1',
  '1 ',
  '  1',
  '\t1',
  '+1',
  '1.5',
  '1.0',
  '1e3',
  '1E2',
  'NaN',
  'Infinity',
  '-Infinity',
  '\u0661',
  '\uff11',
  '1_000',
  '0b1',
  '0o7',
  '1,2',
  '1;2',
  '1\u00002',
  '99999999999999999999',
  '9007199254740993',
  '1e400',
  '-1',
  '0',
  '00',
  '1/2',
];
const NOT_BOOLEAN = ['yes', 'no', '2', 'truee', 'on', 'null', 'True', '1.0', ' true', ''];
/** Strings that break a pattern, an enum or a length. */
const ODD_TEXT = [
  '',
  ' ',
  'x',
  'EN',
  'english',
  'e',
  '../x',
  'a\u0000b',
  'a\r\nb',
  '\ud800',
  '\u00fc',
  'null',
];

/** Characters that a header value cannot carry on the wire (Node refuses them). */
const notHeaderSafe = (text: string) =>
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f]|[^\u0000-\u00ff]/.test(text) || text !== text.trim();

function enumValues(schema: JsonSchema): string[] {
  const values = schema.enum ?? schema.anyOf?.flatMap((b) => b.enum ?? []) ?? [];
  return values.filter((v): v is string => typeof v === 'string');
}

/** Texts the schema refuses, for a parameter in `place`. */
export function invalidTexts(schema: JsonSchema, place: ParameterPlace): string[] {
  const candidates = [...NOT_DECIMAL, ...NOT_BOOLEAN, ...ODD_TEXT];
  if (schema.maximum !== undefined) candidates.push(String(schema.maximum + 1));
  if (schema.minimum !== undefined) candidates.push(String(schema.minimum - 1));
  if (schema.maxLength !== undefined && schema.maxLength <= 60_000) {
    candidates.push('x'.repeat(schema.maxLength + 1));
  }
  for (const value of enumValues(schema)) candidates.push(`${value} `, value.toUpperCase());
  const unique = [...new Set(candidates)].filter((text) => !textConforms(schema, text));
  return place === 'header' ? unique.filter((text) => !notHeaderSafe(text)) : unique;
}

/** A header that holds an id though the document types it as text (raw-body uploads). */
export function invalidIdHeaderTexts(): string[] {
  return NOT_DECIMAL.filter((text) => !notHeaderSafe(text));
}

/** File names every upload route refuses: paths, control characters, lone surrogates. */
export const BAD_FILE_NAMES = [
  '../etc/passwd',
  'a/b.txt',
  'a\\b.txt',
  'a\u0000b.txt',
  'a\r\nb.txt',
  'a\u001fb.txt',
  'a\u0085b.txt',
  '\ud800.txt',
  'x\udc00',
  '..',
  '.',
  ' ',
  '',
];
/** The same as a header carries them: percent-encoded, as the API's name headers allow. */
export const BAD_FILE_NAME_HEADERS = [
  '..%2Fetc%2Fpasswd',
  'a%2Fb.txt',
  'a%5Cb.txt',
  'a%00b.txt',
  'a%0D%0Ab.txt',
  '%2E%2E',
  '..',
  '.',
  'a/b.txt',
  '../x.txt',
  '%2E',
];

/** A parameter or body field that names an uploaded file. */
export function isFileName(op: ApiOperation, name: string): boolean {
  return name === 'filename' || (name === 'name' && isRawBody(op));
}

/** Carries the other parameters as one JSON object (`LILT-API`). */
export const isJsonHeader = (p: ApiParameter) =>
  p.place === 'header' && /JSON object/.test(p.description);

/** JSON values a body field refuses: wrong types, out of range, too long, broken patterns. */
export function invalidValues(schema: JsonSchema): unknown[] {
  const candidates: unknown[] = [
    null,
    true,
    false,
    0,
    -1,
    1.5,
    2 ** 53,
    1e308,
    -1e308,
    '',
    '1',
    '0x10',
    'x',
    [],
    [1],
    {},
    { a: 1 },
    'a\u0000b',
    '\ud800',
    '../x',
    [null],
    [[]],
    [{}],
    ['x'],
    [-1],
    [0],
  ];
  if (schema.maximum !== undefined) candidates.push(schema.maximum + 1);
  if (schema.minimum !== undefined) candidates.push(schema.minimum - 1);
  if (schema.maxLength !== undefined) candidates.push('x'.repeat(schema.maxLength + 1));
  if (schema.maxItems !== undefined && schema.maxItems <= 100_000) {
    candidates.push(Array.from({ length: schema.maxItems + 1 }, () => 1));
  }
  for (const value of enumValues(schema)) candidates.push(`${value} `, value.toUpperCase());
  return candidates.filter((value) => !conforms(schema, value));
}

/** Texts that are not JSON (each checked: `JSON.parse` throws on it). */
export function malformedJson(valid: string): string[] {
  const texts = [
    '{',
    '}',
    '{"a":}',
    "{'a':1}",
    '{"a":1,}',
    '[1,2',
    'NaN',
    'undefined',
    '{"a":01}',
    '{"a":"\\x"}',
    '{"a":"\u0001"}',
    '{"a":1}}',
    '{"a" 1}',
    '//\n{}',
    '{"a":1} x',
    '\u0000',
    'tru',
    '{"a":"b}',
    '{"a":Infinity}',
    '{"a":-}',
    valid.slice(0, -1),
    `${valid}${valid}`,
  ];
  return texts.filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  });
}

/** Byte sequences that are not UTF-8: a stray continuation, overlong, surrogate, cut short. */
export const INVALID_UTF8 = [
  [0xff],
  [0x80],
  [0xc3, 0x28],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xe2, 0x82],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xfe, 0xfe, 0xff, 0xff],
].map((bytes) => Buffer.from(bytes));

/** Odd but harmless strings for parameters nobody declared. */
export const WEIRD_TEXT = [
  '\u0000',
  'a\r\nb',
  '\ud800',
  '\udfff',
  '../../etc/passwd',
  '%00',
  'x'.repeat(10_000),
  '\u{1f600}',
  '\u202e',
  "' OR 1=1 --",
  '<script>',
  '${x}',
  '\\',
  'null',
  '-1',
  '0x10',
  '',
];
