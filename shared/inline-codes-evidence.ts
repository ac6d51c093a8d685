import { findCodeSpans, type CodeSpan } from './inline-codes';

/**
 * The codes a translation must keep, for checks of text people type (QA). The scanner reads
 * anything tag-shaped as a tag, which suits the TM and MT; but a translator writes `Press <Enter>`
 * or `<name>` as text and may translate it. So here a tag counts only with evidence that it is
 * markup: it is standalone (`<br/>`, `<br>`), an XLIFF inline code (`<g id="1">`, `<ph>...</ph>`),
 * or its other half, by name, is in the same text (`<b>...</b>`). Placeholders always count.
 */

// The XLIFF 1.2 and 2.0 inline codes: always tags, paired or not.
const INLINE_CODES = new Set('g x bx ex ph bpt ept it mrk sub pc sc ec sm em cp'.split(' '));

export function findEvidentCodes(text: string): CodeSpan[] {
  const spans = findCodeSpans(text);
  const opened = new Set<string>();
  const closed = new Set<string>();
  for (const span of spans) {
    if (span.kind === 'open') opened.add(span.name);
    if (span.kind === 'close') closed.add(span.name);
  }
  return spans.filter((span) => {
    if (span.kind === 'placeholder' || span.kind === 'standalone') return true;
    if (INLINE_CODES.has(span.name)) return true;
    return span.kind === 'close' ? opened.has(span.name) : closed.has(span.name);
  });
}
