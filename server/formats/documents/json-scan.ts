import { DOCUMENT_LIMITS } from '../../../shared/api/documents';
import { DocumentFormatError, DocumentLimitError, positionAt } from './errors';

/** A string value of a JSON document: its literal's offsets (quotes included) and key path. */
export interface JsonString {
  start: number;
  end: number;
  value: string;
  /** `menu.file[2].label`: object keys joined with dots, array indices in brackets. */
  path: string;
}

const MAX_DEPTH = 256;

/**
 * Scans JSON (RFC 8259, strict) and returns every string value, not keys, in document order.
 * Errors name the line and column; nesting deeper than 256 levels is refused, and so is a key
 * path longer than `maxPathChars` (it is copied into every segment below it), before it is built.
 */
export function scanJsonStrings(
  text: string,
  maxPathChars: number = DOCUMENT_LIMITS.contextKeyChars,
): JsonString[] {
  const out: JsonString[] = [];
  let i = 0;
  const fail = (message: string, at = i): never => {
    throw new DocumentFormatError(`JSON: ${message}`, positionAt(text, at));
  };
  // `step` is `.key` or `[3]`; a path starts with its first key's bare name.
  const join = (path: string, step: string, at: number): string => {
    const length = path.length + step.length;
    if (length > maxPathChars) {
      throw new DocumentLimitError(
        `JSON: a key path of ${length.toLocaleString('en-US')} characters, more than the limit ` +
          `of ${maxPathChars.toLocaleString('en-US')}`,
        positionAt(text, at),
      );
    }
    return path + step;
  };
  const skipSpace = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else return;
    }
  };
  const readString = (): string => {
    const start = i;
    i++;
    let hasEscape = false;
    for (;;) {
      const c = text.charCodeAt(i);
      if (Number.isNaN(c)) fail('unterminated string', start);
      if (c === 0x22) break;
      if (c < 0x20) fail('a control character inside a string');
      if (c === 0x5c) {
        hasEscape = true;
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('a bad \\u escape');
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail(`an unknown escape "\\${e ?? ''}"`);
        continue;
      }
      i++;
    }
    i++;
    const literal = text.slice(start, i);
    return hasEscape ? (JSON.parse(literal) as string) : literal.slice(1, -1);
  };
  const readValue = (path: string, depth: number): void => {
    if (depth > MAX_DEPTH) fail(`nesting deeper than ${MAX_DEPTH} levels`);
    skipSpace();
    const c = text[i];
    if (c === '"') {
      const start = i;
      const value = readString();
      out.push({ start, end: i, value, path });
    } else if (c === '{') {
      i++;
      skipSpace();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        skipSpace();
        if (text[i] !== '"') fail('a key (a string in double quotes) was expected');
        const keyAt = i;
        const key = readString();
        skipSpace();
        if (text[i] !== ':') fail('":" was expected after the key');
        i++;
        readValue(join(path, path === '' ? key : `.${key}`, keyAt), depth + 1);
        skipSpace();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return;
        } else fail('"," or "}" was expected');
      }
    } else if (c === '[') {
      i++;
      skipSpace();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (let index = 0; ; index++) {
        readValue(join(path, `[${index}]`, i), depth + 1);
        skipSpace();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return;
        } else fail('"," or "]" was expected');
      }
    } else {
      const m = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
      m.lastIndex = i;
      if (!m.exec(text)) fail(c === undefined ? 'unexpected end of file' : `unexpected "${c}"`);
      i = m.lastIndex;
    }
  };
  readValue('', 0);
  skipSpace();
  if (i < text.length) fail('unexpected text after the end of the document');
  return out;
}
