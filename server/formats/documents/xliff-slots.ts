import { segmentSentences } from '../segmentation/segment-sentences';
import type { ExtractedSegment } from './types';
import type { NativeCode, Run, RunCollector } from './xliff-inline';
import { canonicalize, cutRuns, hasText, projectRuns, trimRuns } from './xliff-inline';
import type { XmlElement } from './xml-tree';

/** One segment inside a target slot. */
export interface XliffPiece {
  seg: number;
  /** Whitespace around the segment in the source, written around its target (absent: none). */
  lead?: string;
  trail?: string;
  /** Canonical source: kept only where merge may copy it (sentences of a split unit). */
  source?: string;
  /** Canonical existing target, if any. */
  existing?: string;
  /** Canonical id - 1 -> index in the slot's code table. */
  local: number[];
  /** 1.2 `<mrk mtype="seg">`: content offsets in the source and in the existing target. */
  mrk?: { start: number; end: number; target?: [number, number] };
}

/**
 * One place a `<target>` goes: a 1.2 trans-unit or a 2.x segment. Offsets are into the
 * skeleton's text; everything outside the edited ranges is written back untouched.
 */
export interface XliffSlot {
  pieces: XliffPiece[];
  codes: NativeCode[];
  /** Where a new target goes (after `</source>` or `</seg-source>`), and the line before it. */
  insertAt: number;
  indent: string;
  targetName: string;
  target: { start: number; end: number; startTag: string } | null;
  /** 1.2 units segmented with `<mrk mtype="seg">`: the content range of `<seg-source>`. */
  segSource?: [number, number];
  /** 2.x: the `<segment>` start tag, which carries the state. */
  stateTag?: [number, number];
  isFuzzy: boolean;
}

export interface SlotContext {
  text: string;
  lang: string;
  contextKey: string | null;
  note: string | null;
  isPreserve: boolean;
  isFuzzy: boolean;
}

/** Builds slots and their segments, in document order. */
export class SlotBuilder {
  readonly segments: ExtractedSegment[] = [];
  readonly slots: XliffSlot[] = [];

  /**
   * A source without segmentation. It is sentence-segmented when `canSplit` and it has no
   * existing target; the targets are joined back into one `<target>` on merge.
   */
  addPlain(
    ctx: SlotContext,
    collector: RunCollector,
    source: XmlElement,
    target: XmlElement | null,
    canSplit: boolean,
    extra: Partial<XliffSlot> = {},
  ): void {
    const runs = collector.collect(source.children, ctx.isPreserve);
    if (!hasText(runs)) return;
    const targetRuns = target ? collector.collect(target.children, ctx.isPreserve, true) : [];
    const hasTarget = hasText(targetRuns);
    const parts = canSplit && !hasTarget ? splitRuns(runs, ctx.lang) : [runs];
    const pieces = parts.map((part) => this.piece(ctx, part, hasTarget ? targetRuns : null));
    if (pieces.length === 1) delete pieces[0]!.source;
    this.slots.push({ ...this.slotBase(ctx, source, target, collector.codes), ...extra, pieces });
  }

  /** A 1.2 unit whose `<seg-source>` marks its segments with `<mrk mtype="seg">`. */
  addMarked(
    ctx: SlotContext,
    collector: RunCollector,
    source: XmlElement,
    segSource: XmlElement,
    target: XmlElement | null,
  ): void {
    const targetMarks = new Map<string, XmlElement>();
    for (const mrk of target ? findSegMarks(target) : []) targetMarks.set(mrk.attrs.mid ?? '', mrk);
    const pieces: XliffPiece[] = [];
    for (const mrk of findSegMarks(segSource)) {
      const runs = collector.collect(mrk.children, ctx.isPreserve);
      if (!hasText(runs)) continue;
      const inTarget = targetMarks.get(mrk.attrs.mid ?? '');
      const targetRuns = inTarget ? collector.collect(inTarget.children, ctx.isPreserve, true) : [];
      const piece = this.piece(ctx, runs, hasText(targetRuns) ? targetRuns : null);
      delete piece.source;
      piece.mrk = { start: mrk.openEnd, end: mrk.closeStart };
      if (inTarget) piece.mrk.target = [inTarget.openEnd, inTarget.closeStart];
      pieces.push(piece);
    }
    if (pieces.length === 0) return;
    const base = this.slotBase(ctx, source, target, collector.codes);
    base.insertAt = segSource.end;
    this.slots.push({ ...base, pieces, segSource: [segSource.openEnd, segSource.closeStart] });
  }

  private piece(ctx: SlotContext, runs: Run[], targetRuns: Run[] | null): XliffPiece {
    const { lead, body, trail } = trimRuns(runs);
    const local: number[] = [];
    const source = canonicalize(body, local);
    const existing = targetRuns ? canonicalize(trimRuns(targetRuns).body, local) : null;
    const seg = this.segments.length;
    const segment: ExtractedSegment = {
      index: seg,
      source,
      target: existing,
      contextKey: ctx.contextKey,
      note: ctx.note,
    };
    if (existing !== null && ctx.isFuzzy) segment.isFuzzy = true;
    this.segments.push(segment);
    const piece: XliffPiece = { seg, local, source };
    if (lead) piece.lead = lead;
    if (trail) piece.trail = trail;
    if (existing !== null) piece.existing = existing;
    return piece;
  }

  private slotBase(
    ctx: SlotContext,
    source: XmlElement,
    target: XmlElement | null,
    codes: NativeCode[],
  ): XliffSlot {
    return {
      pieces: [],
      codes,
      insertAt: source.end,
      indent: indentBefore(ctx.text, source.start),
      targetName: source.prefix ? `${source.prefix}:target` : 'target',
      target: target
        ? {
            start: target.start,
            end: target.end,
            startTag: ctx.text.slice(target.start, target.openEnd),
          }
        : null,
      isFuzzy: ctx.isFuzzy,
    };
  }
}

function splitRuns(runs: Run[], lang: string): Run[][] {
  const { projection, offsets } = projectRuns(runs);
  const cuts: number[] = [];
  let at = 0;
  for (const piece of segmentSentences(projection, lang)) {
    at += piece.length;
    if (at < projection.length) cuts.push(at);
  }
  return cuts.length === 0 ? [runs] : cutRuns(runs, offsets, cuts);
}

function findSegMarks(element: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of element.children) {
    if (child.type !== 'element') continue;
    if (child.local === 'mrk' && child.attrs.mtype === 'seg') out.push(child);
    else out.push(...findSegMarks(child));
  }
  return out;
}

/** The line break and indentation before `pos`, when `pos` starts a line; else ''. */
export function indentBefore(text: string, pos: number): string {
  let i = pos;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  if (i === 0 || text[i - 1] !== '\n') return '';
  return text.slice(i >= 2 && text[i - 2] === '\r' ? i - 2 : i - 1, pos);
}
