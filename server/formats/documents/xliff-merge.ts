import type { TextEncoding } from './encoding';
import { encodeText } from './encoding';
import { DocumentFormatError } from './errors';
import { escapeXmlAttr } from '../xml-escape';
import type { Dialect } from './xliff-inline';
import { targetToRuns } from './xliff-inline';
import { renderRuns } from './xliff-render';
import type { XliffPiece, XliffSlot } from './xliff-slots';

/** What an XLIFF filter stores: the whole decoded file and where targets go. */
export interface XliffSkeleton {
  format: 'xliff12' | 'xliff20';
  version: 1;
  encoding: TextEncoding;
  text: string;
  slots: XliffSlot[];
  segmentCount: number;
  /** Start tags that lack the target language: `name="trglang"` is inserted at `at` on merge. */
  langAttrs: Array<{ at: number; name: string }>;
  /** A legacy encoding's name in the XML declaration, rewritten to UTF-8 on merge. */
  declaredEncoding: { start: number; end: number } | null;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * Writes targets into the original text. A slot whose targets are all null, or equal to the
 * existing (non-fuzzy) target, is left byte-for-byte as it was. Otherwise its `<target>` is
 * written (replacing an existing one, keeping its attributes) with `state` "translated" when every
 * segment has a confirmed translation; a segment without one keeps its existing translation or,
 * failing that, a copy of its source, and the state says it still needs translation; a draft
 * (`drafts[seg]`) says it needs review.
 */
export function mergeXliff(
  skeleton: XliffSkeleton,
  targets: Array<string | null>,
  trglang: string,
  drafts: boolean[] = [],
): Uint8Array {
  const dialect: Dialect = skeleton.format === 'xliff12' ? '1.2' : '2.0';
  const { text } = skeleton;
  const edits: Edit[] = [];
  for (const slot of skeleton.slots) {
    const wanted = slot.pieces.map((p) => targets[p.seg] ?? null);
    const isUnchanged = slot.pieces.every(
      (p, i) => wanted[i] === null || (wanted[i] === (p.existing ?? null) && !slot.isFuzzy),
    );
    if (isUnchanged) continue;
    const isComplete = slot.pieces.every((p, i) => wanted[i] !== null || p.existing !== undefined);
    const content = slot.segSource
      ? markedContent(text, slot, wanted, dialect)
      : joinedContent(slot, wanted, dialect);
    const isDraft = slot.pieces.some((p, i) => wanted[i] !== null && drafts[p.seg] === true);
    const state = stateOf(dialect, isComplete, isDraft);
    let startTag = slot.target?.startTag.replace(/\s*\/>$/, '>') ?? `<${slot.targetName}>`;
    if (dialect === '1.2') startTag = setAttribute(startTag, 'state', state);
    else if (slot.stateTag) {
      const [start, end] = slot.stateTag;
      edits.push({ start, end, text: setAttribute(text.slice(start, end), 'state', state) });
    }
    const element = `${startTag}${content}</${slot.targetName}>`;
    if (slot.target) edits.push({ start: slot.target.start, end: slot.target.end, text: element });
    else edits.push({ start: slot.insertAt, end: slot.insertAt, text: slot.indent + element });
  }
  if (edits.length > 0) {
    for (const { at, name } of skeleton.langAttrs) {
      edits.push({ start: at, end: at, text: ` ${name}="${escapeXmlAttr(trglang)}"` });
    }
  }
  if (skeleton.declaredEncoding) {
    const { start, end } = skeleton.declaredEncoding;
    edits.push({ start, end, text: 'UTF-8' });
  }
  return encodeText(applyEdits(text, edits), skeleton.encoding);
}

/** The state a written target gets: 1.2 says what is missing, 2.x has only `initial` for it. */
function stateOf(dialect: Dialect, isComplete: boolean, isDraft: boolean): string {
  if (dialect === '2.0') return isComplete && !isDraft ? 'translated' : 'initial';
  if (!isComplete) return 'needs-translation';
  return isDraft ? 'needs-review-translation' : 'translated';
}

function pieceRuns(piece: XliffPiece, wanted: string | null) {
  return targetToRuns(wanted ?? piece.existing ?? piece.source ?? '', piece.local);
}

function joinedContent(slot: XliffSlot, wanted: Array<string | null>, dialect: Dialect): string {
  const runs = slot.pieces.flatMap((p, i) => [
    p.lead ?? '',
    ...pieceRuns(p, wanted[i]!),
    p.trail ?? '',
  ]);
  return renderRuns(runs, slot.codes, dialect);
}

function markedContent(
  text: string,
  slot: XliffSlot,
  wanted: Array<string | null>,
  dialect: Dialect,
): string {
  const [start, end] = slot.segSource!;
  let out = '';
  let at = start;
  slot.pieces.forEach((piece, i) => {
    const mrk = piece.mrk!;
    out += text.slice(at, mrk.start);
    const target = wanted[i] ?? null;
    if (target !== null) {
      const runs = [piece.lead ?? '', ...pieceRuns(piece, target), piece.trail ?? ''];
      out += renderRuns(runs, slot.codes, dialect);
    } else if (mrk.target) out += text.slice(mrk.target[0], mrk.target[1]);
    else out += text.slice(mrk.start, mrk.end);
    at = mrk.end;
  });
  return out + text.slice(at, end);
}

const attributePatterns = new Map<string, RegExp>();

/** `name="..."` (or single-quoted) in a start tag; made once per name (a merge sets thousands). */
function attributePattern(name: string): RegExp {
  let pattern = attributePatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`(\\s${name.replace(/[.:-]/g, '\\$&')}\\s*=\\s*)("[^"]*"|'[^']*')`);
    attributePatterns.set(name, pattern);
  }
  return pattern;
}

/** Sets (or adds) an attribute in a start tag. */
export function setAttribute(startTag: string, name: string, value: string): string {
  const escaped = escapeXmlAttr(value);
  const existing = attributePattern(name);
  if (existing.test(startTag))
    return startTag.replace(existing, (_m, pre: string) => `${pre}"${escaped}"`);
  return startTag.replace(/\s*(\/?)>$/, (_m, slash: string) => ` ${name}="${escaped}"${slash}>`);
}

function applyEdits(text: string, edits: Edit[]): string {
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  const parts: string[] = [];
  let at = 0;
  for (const edit of edits) {
    if (edit.start < at) throw new DocumentFormatError('XLIFF skeleton: overlapping edits');
    parts.push(text.slice(at, edit.start), edit.text);
    at = edit.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
