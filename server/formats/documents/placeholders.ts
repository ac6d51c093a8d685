import {
  parse,
  type Content,
  type FunctionArg,
  type Octothorpe,
  type PlainArg,
  type Select,
} from '@messageformat/parser';
import { escapeSegmentText } from './inline-codes';
import { escapeXmlText } from '../xml-escape';

type Token = Content | PlainArg | FunctionArg | Select | Octothorpe;

const SELECTS = new Set(['plural', 'select', 'selectordinal']);
const endOf = (token: Token): number => token.ctx.offset + token.ctx.text.length;

/**
 * The ranges of an ICU message that are syntax, not text: each select's head
 * (`{count, plural, `), each case's opening (`one {`, `} other {`), the closing braces and `#`. Answers the end of what `tokens` cover, for the caller's own closing braces.
 */
function syntaxRanges(
  tokens: Token[],
  text: string,
  ranges: Array<[number, number]>,
  from: number,
): number {
  let end = from;
  for (const token of tokens) {
    if (token.type === 'octothorpe') ranges.push([token.ctx.offset, endOf(token)]);
    if (token.type !== 'plural' && token.type !== 'select' && token.type !== 'selectordinal') {
      // Text, and arguments ({name}): the TM engine and MT read those as codes by their shape.
      end = endOf(token);
      continue;
    }
    let open = token.ctx.offset;
    for (const c of token.cases) {
      const bodyStart = c.ctx.offset + c.ctx.text.length;
      ranges.push([open, bodyStart]);
      open = syntaxRanges(c.tokens, text, ranges, bodyStart);
    }
    const close = /^\}\s*\}/.exec(text.slice(open))?.[0] ?? '}';
    ranges.push([open, open + close.length]);
    end = open + close.length;
  }
  return end;
}

const ph = (id: number, native: string) => `<ph id="${id}">${escapeXmlText(native)}</ph>`;

/**
 * Plain text of an app string (YAML, .properties, Android, iOS, String Catalogs) to a segment
 * string whose placeholders are protected. `{name}`, `{{x}}`, `%1$s`, `%@`, `%{x}` stay as they
 * are written: the TM engine and the MT engine read them as codes by their shape (as memories
 * store them, so exact matches stay exact). An ICU MessageFormat plural or select (read by
 * @messageformat/parser) has no such shape: its syntax and `#` become `<ph>` codes, so only the
 * case texts are translated. A `<ph>` carries its own text, so
 * `segmentToPlainText(protectPlaceholders(s)) === s`.
 */
export function protectPlaceholders(text: string): string {
  const ranges: Array<[number, number]> = [];
  if (/\{[^{}]*,\s*(plural|select|selectordinal)\s*,/.test(text)) {
    try {
      const tokens = parse(text) as Token[];
      if (tokens.some((t) => SELECTS.has(t.type))) syntaxRanges(tokens, text, ranges, 0);
    } catch {
      ranges.length = 0;
    }
  }
  let out = '';
  let id = 0;
  let at = 0;
  const plain = (piece: string) => {
    out += escapeSegmentText(piece);
  };
  for (const [start, end] of ranges.sort((a, b) => a[0] - b[0])) {
    if (start < at) continue;
    plain(text.slice(at, start));
    out += ph(++id, text.slice(start, end));
    at = end;
  }
  plain(text.slice(at));
  return out;
}
