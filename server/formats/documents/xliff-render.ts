import { escapeXmlAttr, escapeXmlChars } from '../xml-escape';
import type { Dialect, NativeCode, Run } from './xliff-inline';

/**
 * Writes runs as XLIFF content with each code's native markup from the table. The result is always
 * well-formed: an element pair (`g`, `pc`) that a translator broke (a missing side, crossed with
 * another pair) is written as its isolated form (`bx`/`ex` in 1.2, `sc`/`ec` in 2.0); a broken
 * `mrk` loses its tags and keeps its text; a code used on a side it does not have is dropped.
 */
export function renderRuns(runs: Run[], codes: NativeCode[], dialect: Dialect): string {
  const isMatched = matchElementPairs(runs, codes);
  const brokenPairs = pairBrokenSides(runs, codes, isMatched);
  let out = '';
  runs.forEach((run, i) => {
    if (typeof run === 'string') {
      out += escapeContent(run, dialect);
      return;
    }
    const code = codes[run.c];
    if (!code) return;
    if (code.isElement && run.r !== 's') {
      if (isMatched[i]) out += (run.r === 'o' ? code.open : code.close) ?? '';
      else out += brokenSide(code, run.r, brokenPairs.has(i), dialect);
      return;
    }
    const side = run.r === 'o' ? code.open : run.r === 'c' ? code.close : code.standalone;
    out += side ?? '';
  });
  return out;
}

/** Which open/close runs of element pairs nest properly (a stack, as XML itself does). */
function matchElementPairs(runs: Run[], codes: NativeCode[]): boolean[] {
  const isMatched = new Array<boolean>(runs.length).fill(false);
  const stack: number[] = [];
  runs.forEach((run, i) => {
    if (typeof run === 'string' || !codes[run.c]?.isElement) return;
    if (run.r === 'o') stack.push(i);
    else if (run.r === 'c') {
      const top = stack[stack.length - 1];
      if (top !== undefined && (runs[top] as { c: number }).c === run.c) {
        isMatched[top] = true;
        isMatched[i] = true;
        stack.pop();
      }
    }
  });
  return isMatched;
}

/** Broken sides that still come in order (open before close of the same code): not isolated. */
function pairBrokenSides(runs: Run[], codes: NativeCode[], isMatched: boolean[]): Set<number> {
  const paired = new Set<number>();
  const openAt = new Map<number, number>();
  runs.forEach((run, i) => {
    if (typeof run === 'string' || isMatched[i] || !codes[run.c]?.isElement) return;
    if (run.r === 'o') openAt.set(run.c, i);
    else if (run.r === 'c') {
      const open = openAt.get(run.c);
      if (open === undefined) return;
      paired.add(open);
      paired.add(i);
      openAt.delete(run.c);
    }
  });
  return paired;
}

function brokenSide(
  code: NativeCode,
  role: 'o' | 'c',
  isPaired: boolean,
  dialect: Dialect,
): string {
  const id = escapeXmlAttr(code.id ?? '');
  if (dialect === '1.2') {
    if (code.name !== 'g') return '';
    return role === 'o' ? `<bx id="${id}"/>` : `<ex id="${id}"/>`;
  }
  if (code.name !== 'pc') return '';
  const dataRef = role === 'o' ? code.dataRefStart : code.dataRefEnd;
  const ref = dataRef === undefined ? '' : ` dataRef="${escapeXmlAttr(dataRef)}"`;
  if (role === 'o')
    return isPaired ? `<sc id="${id}"${ref}/>` : `<sc id="${id}"${ref} isolated="yes"/>`;
  return isPaired ? `<ec startRef="${id}"${ref}/>` : `<ec id="${id}"${ref} isolated="yes"/>`;
}

// Characters XML 1.0 cannot hold: dropped in 1.2, written as <cp/> in 2.0 (lone surrogates: dropped).
const INVALID_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

function escapeContent(text: string, dialect: Dialect): string {
  const escaped = escapeXmlChars(text);
  return escaped.replace(INVALID_XML, (c) =>
    dialect === '2.0' && c < '\ud800'
      ? `<cp hex="${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}"/>`
      : '',
  );
}
