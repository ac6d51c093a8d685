import { DocumentFormatError } from './errors';

/** One PO entry, with the line numbers (0-based, into the file's lines) merge edits. */
export interface PoEntry {
  firstLine: number;
  translatorComments: string[];
  extractedComments: string[];
  references: string[];
  flags: string[];
  /** Lines of `#,` flags and `#|` previous-msgid comments. */
  flagLines: number[];
  previousLines: number[];
  msgctxt: string | null;
  msgid: string | null;
  msgidPlural: string | null;
  /** msgstr by index (`msgstr` is index 0). */
  msgstr: string[];
  /** The msgstr lines, continuation lines included: [start, end). */
  msgstrLines: [number, number] | null;
  /** msgid written as `msgid ""` plus continuation lines. */
  isMsgidWrapped: boolean;
  isObsolete: boolean;
}

type Field = 'msgctxt' | 'msgid' | 'msgid_plural' | 'msgstr';

const KEYWORD = /^(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])?[ \t]+/;

/** Splits a file into lines, each with its line end. */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * Parses gettext PO: comments (`#` translator, `#.` extracted, `#:` references, `#,` flags,
 * `#|` previous), msgctxt, msgid, msgid_plural, msgstr / msgstr[n], continuation lines and C
 * escapes. Obsolete entries (`#~`) are kept as they are. Errors name the line and column.
 */
export function parsePo(lines: string[]): PoEntry[] {
  const entries: PoEntry[] = [];
  let entry: PoEntry | null = null;
  let field: { name: Field; index: number } | null = null;
  const finish = () => {
    if (entry && (entry.msgid !== null || entry.msgstrLines || entry.msgctxt !== null)) {
      if (entry.msgid === null) fail(entry.firstLine, 1, 'an entry without msgid');
      if (!entry.msgstrLines) fail(entry.firstLine, 1, `the entry "${entry.msgid}" has no msgstr`);
      entries.push(entry);
    } else if (entry?.isObsolete) entries.push(entry);
    entry = null;
    field = null;
  };
  const current = (line: number): PoEntry => {
    entry ??= newEntry(line);
    return entry;
  };
  lines.forEach((raw, line) => {
    const text = raw.replace(/\r?\n$/, '');
    const trimmed = text.trimStart();
    const indent = text.length - trimmed.length;
    if (trimmed === '') {
      finish();
      return;
    }
    if (trimmed.startsWith('#')) {
      if (entry?.msgstrLines) finish();
      const e = current(line);
      field = null;
      addComment(e, trimmed, line);
      return;
    }
    if (trimmed.startsWith('"')) {
      if (!entry || !field) fail(line, indent + 1, 'a string outside of an entry');
      const value = parseString(trimmed, line, indent);
      appendTo(entry!, field!, value, line);
      return;
    }
    const m = KEYWORD.exec(trimmed);
    if (!m) fail(line, indent + 1, `unexpected text "${trimmed.slice(0, 20)}"`);
    const name = m![1] as Field;
    if ((name === 'msgctxt' || name === 'msgid') && entry?.msgstrLines) finish();
    const e = current(line);
    if (name !== 'msgstr' && e.msgstrLines) fail(line, indent + 1, `${name} after msgstr`);
    if (name === 'msgid' && e.msgid !== null) fail(line, indent + 1, 'a second msgid');
    const index = m![2] === undefined ? 0 : Number(m![2]);
    field = { name, index };
    const valueAt = indent + m![0].length;
    const value = parseString(text.slice(valueAt), line, valueAt);
    if (name === 'msgid') e.isMsgidWrapped = value === '';
    if (name === 'msgstr') {
      if (e.msgid === null) fail(line, indent + 1, 'msgstr before msgid');
      e.msgstrLines = [e.msgstrLines?.[0] ?? line, line + 1];
    }
    setField(e, field, value);
  });
  finish();
  return entries;

  function appendTo(e: PoEntry, f: { name: Field; index: number }, value: string, line: number) {
    if (f.name === 'msgstr' && e.msgstrLines) e.msgstrLines[1] = line + 1;
    const previous = getField(e, f);
    setField(e, f, previous + value);
  }
}

function newEntry(line: number): PoEntry {
  return {
    firstLine: line,
    translatorComments: [],
    extractedComments: [],
    references: [],
    flags: [],
    flagLines: [],
    previousLines: [],
    msgctxt: null,
    msgid: null,
    msgidPlural: null,
    msgstr: [],
    msgstrLines: null,
    isMsgidWrapped: false,
    isObsolete: false,
  };
}

function addComment(e: PoEntry, text: string, line: number) {
  const kind = text[1];
  const body = text.slice(2).trim();
  if (kind === '~') e.isObsolete = true;
  else if (kind === '.') e.extractedComments.push(body);
  else if (kind === ':') e.references.push(...body.split(/\s+/).filter(Boolean));
  else if (kind === ',') {
    e.flags.push(
      ...body
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean),
    );
    e.flagLines.push(line);
  } else if (kind === '|') e.previousLines.push(line);
  else e.translatorComments.push(text.slice(1).replace(/^ /, ''));
}

function getField(e: PoEntry, f: { name: Field; index: number }): string {
  if (f.name === 'msgctxt') return e.msgctxt ?? '';
  if (f.name === 'msgid') return e.msgid ?? '';
  if (f.name === 'msgid_plural') return e.msgidPlural ?? '';
  return e.msgstr[f.index] ?? '';
}

function setField(e: PoEntry, f: { name: Field; index: number }, value: string) {
  if (f.name === 'msgctxt') e.msgctxt = value;
  else if (f.name === 'msgid') e.msgid = value;
  else if (f.name === 'msgid_plural') e.msgidPlural = value;
  else e.msgstr[f.index] = value;
}

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '"': '"',
  "'": "'",
  '\\': '\\',
  '?': '?',
};

/** Reads one `"..."` literal that makes up the rest of a line (`at` = its column, 0-based). */
function parseString(s: string, line: number, at: number): string {
  if (s[0] !== '"') fail(line, at + 1, 'a string was expected');
  let out = '';
  let i = 1;
  for (;;) {
    const c = s[i];
    if (c === undefined) fail(line, at + i + 1, 'unterminated string');
    if (c === '"') break;
    if (c !== '\\') {
      out += c;
      i++;
      continue;
    }
    const e = s[i + 1];
    if (e !== undefined && ESCAPES[e] !== undefined) {
      out += ESCAPES[e];
      i += 2;
    } else if (e !== undefined && /[0-7]/.test(e)) {
      const oct = /^[0-7]{1,3}/.exec(s.slice(i + 1))![0];
      out += String.fromCharCode(parseInt(oct, 8));
      i += 1 + oct.length;
    } else if (e === 'x' && /^[0-9a-fA-F]/.test(s.slice(i + 2))) {
      const hex = /^[0-9a-fA-F]+/.exec(s.slice(i + 2))![0];
      out += String.fromCharCode(parseInt(hex, 16));
      i += 2 + hex.length;
    } else fail(line, at + i + 1, `unknown escape "\\${e ?? ''}"`);
  }
  if (s.slice(i + 1).trim() !== '') fail(line, at + i + 2, 'text after the closing quote');
  return out;
}

function fail(line: number, column: number, message: string): never {
  throw new DocumentFormatError(`PO: ${message}`, { line: line + 1, column });
}
