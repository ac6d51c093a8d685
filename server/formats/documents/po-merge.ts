import { encodeText } from './encoding';
import { segmentToPlainText } from './inline-codes';
import type { PoSkeleton, PoSkeletonEntry } from './po';

/**
 * Rebuilds the msgstr of every entry that got a new translation, in the file's own style
 * (wrapped when the msgid is), and clears `fuzzy` (with its `#|` previous-msgid lines) once every
 * segment of the entry has a translation. Entries whose targets are null, or equal to the existing
 * non-fuzzy msgstr, keep their lines untouched. When something was written, the header gains a
 * `Language` and a `Plural-Forms` if it had none (a POT becomes a PO).
 */
export function mergePo(
  skeleton: PoSkeleton,
  targets: Array<string | null>,
  trglang: string,
): Uint8Array {
  const { eol } = skeleton;
  const replaced = new Map<number, string>();
  let hasWritten = false;
  let hasPlurals = false;
  for (const entry of skeleton.entries) {
    if (entry.segs.length === 2) hasPlurals = true;
    const wanted = entry.segs.map((s) => targets[s] ?? null);
    const isUnchanged = wanted.every(
      (w, i) => w === null || (w === entry.existing[i] && !entry.isFuzzy),
    );
    if (isUnchanged) continue;
    hasWritten = true;
    const values = wanted.map((w) => (w === null ? null : segmentToPlainText(w)));
    const [start, end] = entry.msgstrLines;
    for (let line = start; line < end; line++) replaced.set(line, '');
    replaced.set(start, msgstrLines(entry, values, skeleton, eol));
    if (entry.isFuzzy && wanted.every((w) => w !== null)) clearFuzzy(entry, skeleton, replaced);
  }
  if (skeleton.header) rewriteHeader(skeleton, replaced, hasWritten, hasPlurals, trglang);
  const out = skeleton.lines.map((line, i) => replaced.get(i) ?? line).join('');
  return encodeText(out, skeleton.encoding);
}

function msgstrLines(
  entry: PoSkeletonEntry,
  values: Array<string | null>,
  skeleton: PoSkeleton,
  eol: string,
): string {
  if (entry.segs.length === 1) {
    return formatPoString('msgstr', values[0] ?? entry.msgstr[0] ?? '', entry.isWrapped, eol);
  }
  const { nplurals, singularIndex } = skeleton.plural;
  let out = '';
  for (let i = 0; i < nplurals; i++) {
    let value: string | null;
    if (nplurals === 1) value = values[1] ?? values[0] ?? null;
    else value = (i === singularIndex ? values[0] : values[1]) ?? null;
    out += formatPoString(`msgstr[${i}]`, value ?? entry.msgstr[i] ?? '', entry.isWrapped, eol);
  }
  return out;
}

function clearFuzzy(entry: PoSkeletonEntry, skeleton: PoSkeleton, replaced: Map<number, string>) {
  for (const line of entry.flagLines) {
    const raw = skeleton.lines[line]!;
    const ending = /\r?\n$/.exec(raw)?.[0] ?? '';
    const flags = raw
      .slice(2, raw.length - ending.length)
      .split(',')
      .map((f) => f.trim())
      .filter((f) => f !== '' && f !== 'fuzzy');
    replaced.set(line, flags.length > 0 ? `#, ${flags.join(', ')}${ending}` : '');
  }
  for (const line of entry.previousLines) replaced.set(line, '');
}

function rewriteHeader(
  skeleton: PoSkeleton,
  replaced: Map<number, string>,
  hasWritten: boolean,
  hasPlurals: boolean,
  trglang: string,
) {
  const header = skeleton.header!;
  let value = header.value;
  if (skeleton.legacyCharset) value = value.replace(/charset=[A-Za-z0-9_.:-]+/, 'charset=UTF-8');
  if (hasWritten) {
    value = value.replace(/charset=CHARSET/, 'charset=UTF-8');
    value = setHeaderField(value, 'Language', trglang, (v) => v.trim() === '');
    if (hasPlurals) {
      const wanted = skeleton.plural.header;
      value = setHeaderField(value, 'Plural-Forms', wanted, (v) => !/nplurals\s*=\s*\d/.test(v));
    }
  }
  if (value === header.value) return;
  const [start, end] = header.lines;
  for (let line = start; line < end; line++) replaced.set(line, '');
  replaced.set(start, formatPoString('msgstr', value, true, skeleton.eol));
}

/** Sets `Name: value` in a header when it is missing or `isEmpty` says its value is a placeholder. */
function setHeaderField(
  header: string,
  name: string,
  value: string,
  isEmpty: (current: string) => boolean,
): string {
  const line = new RegExp(`^${name}:(.*)$`, 'm');
  const m = line.exec(header);
  if (!m)
    return `${header}${header === '' || header.endsWith('\n') ? '' : '\n'}${name}: ${value}\n`;
  return isEmpty(m[1]!) ? header.replace(line, `${name}: ${value}`) : header;
}

const PO_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '"': '\\"',
  '\n': '\\n',
  '\t': '\\t',
  '\r': '\\r',
};

function escapePo(s: string): string {
  return s.replace(/[\\"\n\t\r]|[^\P{Cc}\n\t\r]/gu, (c) => {
    return PO_ESCAPES[c] ?? `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`;
  });
}

const WIDTH = 79;

/** One PO keyword with its string, gettext style: wrapped after `\n` and at spaces when long. */
export function formatPoString(keyword: string, value: string, isWrapped: boolean, eol: string) {
  const single = `${keyword} "${escapePo(value)}"`;
  const newline = value.indexOf('\n');
  const hasInnerNewline = newline >= 0 && newline < value.length - 1;
  if (!hasInnerNewline && single.length <= WIDTH && (!isWrapped || value === ''))
    return single + eol;
  const chunks = value.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  let out = `${keyword} ""${eol}`;
  for (const chunk of chunks) {
    for (const piece of wrapAtSpaces(escapePo(chunk), WIDTH - 2)) out += `"${piece}"${eol}`;
  }
  return out;
}

function wrapAtSpaces(s: string, width: number): string[] {
  const out: string[] = [];
  let rest = s;
  while (rest.length > width) {
    const cut = rest.lastIndexOf(' ', width - 1);
    if (cut <= 0) break;
    out.push(rest.slice(0, cut + 1));
    rest = rest.slice(cut + 1);
  }
  out.push(rest);
  return out;
}
