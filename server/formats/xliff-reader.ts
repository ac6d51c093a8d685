import type { Readable } from 'node:stream';
import { SegmentBuilder, canonicalPair, type NativeCodes, type Segment } from './inline-codes';
import { primaryLanguage, type LanguagePair } from './languages';
import { passesSdlFilters, type SdlSeg, type SdlxliffFilter } from './sdlxliff-filters';
import { decodeText, FormatError } from './text-decode';
import { localName, parseXml, type XmlTag } from './xml-stream';

/** One bilingual segment of an XLIFF file, in the canonical form (inline-codes.ts). */
export interface XliffUnit {
  source: string;
  target: string;
  prevSource?: string;
  nextSource?: string;
  /** XLIFF 1.2 `resname`, XLIFF 2 unit `name` (with `#mid` when a unit has several segments). */
  contextKey?: string;
  codes?: NativeCodes;
}

export interface XliffReadOptions {
  /** Refuse a file whose declared languages are not these (by primary subtag). */
  languages?: LanguagePair;
  /** SDLXLIFF only: which segments to take (default: confirmed ones, see `passesSdlFilters`). */
  sdlxliffFilters?: SdlxliffFilter[];
  onSkip?: (reason: string) => void;
}

/** Where text and codes go: the whole source/target, and the `<mrk mtype="seg">` inside it. */
interface Capture {
  side: 'source' | 'target' | 'seg-source';
  whole: SegmentBuilder;
  mrk: { mid: string; builder: SegmentBuilder; depth: number } | null;
  /** Element depth inside the container, to find the mrk's end. */
  depth: number;
  /** > 0 inside native data (`<bpt>`, `<ph>`...). */
  nativeDepth: number;
  /** Stack of what each open inline element was, to close it right. */
  stack: string[];
}

interface UnitState {
  key: string | null;
  source: Segment | null;
  target: Segment | null;
  sourceMrks: Map<string, Segment>;
  targetMrks: Map<string, Segment>;
  segs: Map<string, SdlSeg>;
}

interface Pending {
  unit: XliffUnit;
  include: boolean;
}

/**
 * Reads XLIFF 1.2 (and 1.0/1.1), SDLXLIFF and XLIFF 2.x as a stream of bilingual segments.
 * Only segments with a non-empty source and target count. Each segment's neighbours in its
 * `<file>` are its context (prevSource/nextSource), whether or not they are imported.
 * Inline codes: `<g>`, `<x/>`, `<bx/>`, `<ex/>`, `<ph>`, `<it>`, `<bpt>`/`<ept>` (1.2) and
 * `<pc>`, `<ph/>`, `<sc/>`/`<ec/>` (2.x) become the canonical codes; `<mrk>`, `<sm/>`, `<em/>`
 * are transparent; `<cp hex>` is its character. `<alt-trans>` (other candidates) is ignored.
 */
export async function* xliffBatches(
  stream: Readable | AsyncIterable<Buffer>,
  options: XliffReadOptions = {},
): AsyncGenerator<XliffUnit[]> {
  const { languages, onSkip } = options;
  const filters = options.sdlxliffFilters ?? [];
  const out: XliffUnit[] = [];
  let version = 0;
  let isSdl = false;
  let sawRoot = false;
  let unit: UnitState | null = null;
  let capture: Capture | null = null;
  let skipDepth = 0;
  let pending: Pending | null = null;
  let previousSource: string | undefined;

  const checkLanguages = (src: string | undefined, trg: string | undefined) => {
    if (!languages) return;
    const bad =
      (src && primaryLanguage(src) !== primaryLanguage(languages.srclang)) ||
      (trg && primaryLanguage(trg) !== primaryLanguage(languages.trglang));
    if (bad) {
      throw new FormatError(
        `The XLIFF translates ${src ?? '?'} to ${trg ?? '?'}, but the memory translates ` +
          `${languages.srclang} to ${languages.trglang}`,
      );
    }
  };

  const flushPending = () => {
    if (pending?.include) out.push(pending.unit);
    pending = null;
  };

  const endFile = () => {
    flushPending();
    previousSource = undefined;
  };

  /** One segment in document order: the previous one learns its next source. */
  const addSegment = (
    source: Segment,
    target: Segment | undefined,
    key: string | null,
    include: boolean,
  ) => {
    const empty = new SegmentBuilder().finish();
    const pair = canonicalPair(source, target ?? empty);
    if (pair.source.trim() === '') return;
    if (pending) pending.unit.nextSource = pair.source;
    flushPending();
    const item: XliffUnit = { source: pair.source, target: pair.target };
    if (previousSource !== undefined) item.prevSource = previousSource;
    if (key !== null) item.contextKey = key;
    if (pair.codes) item.codes = pair.codes;
    previousSource = pair.source;
    const hasTarget = pair.target.trim() !== '';
    if (!hasTarget && include) onSkip?.('a segment without a translation');
    pending = { unit: item, include: include && hasTarget };
  };

  const endUnit = (state: UnitState) => {
    if (state.sourceMrks.size > 0) {
      const many = state.sourceMrks.size > 1;
      for (const [mid, source] of state.sourceMrks) {
        const include = !isSdl || passesSdlFilters(state.segs.get(mid), filters);
        if (isSdl && !include) onSkip?.('an SDLXLIFF segment left out by the filters');
        const key = state.key === null ? null : many ? `${state.key}#${mid}` : state.key;
        addSegment(source, state.targetMrks.get(mid), key, include);
      }
    } else if (state.source) {
      addSegment(state.source, state.target ?? undefined, state.key, !isSdl);
    }
  };

  const newUnit = (key: string | null): UnitState => ({
    key,
    source: null,
    target: null,
    sourceMrks: new Map(),
    targetMrks: new Map(),
    segs: new Map(),
  });

  const builders = (c: Capture) => (c.mrk ? [c.whole, c.mrk.builder] : [c.whole]);

  const openInline = (c: Capture, name: string, attrs: Record<string, string>) => {
    const id = attrs.id ?? null;
    let kind = 'none';
    for (const b of builders(c)) {
      switch (name) {
        case 'g':
        case 'pc':
          b.open(id);
          kind = 'pair';
          break;
        case 'x':
        case 'ph':
          b.standalone(id);
          kind = version >= 2 ? 'none' : 'native';
          break;
        case 'bx':
          b.open(id, `b:${attrs.rid ?? id ?? ''}`);
          break;
        case 'ex':
          b.close(`b:${attrs.rid ?? id ?? ''}`);
          break;
        case 'bpt':
          b.open(id, `p:${attrs.rid ?? id ?? ''}`);
          kind = 'native';
          break;
        case 'ept':
          b.close(`p:${attrs.rid ?? id ?? ''}`);
          kind = 'native';
          break;
        case 'it':
          b.isolated(attrs.pos === 'close' ? 'end' : 'begin', id);
          kind = 'native';
          break;
        case 'sc':
          if (attrs.isolated === 'yes') b.isolated('begin', id);
          else b.open(id, `s:${id ?? ''}`);
          break;
        case 'ec':
          if (attrs.isolated === 'yes') b.isolated('end', id);
          else b.close(`s:${attrs.startRef ?? ''}`);
          break;
        case 'cp': {
          const code = Number.parseInt(attrs.hex ?? '', 16);
          if (Number.isInteger(code) && code >= 0 && code <= 0x10ffff) {
            b.addText(String.fromCodePoint(code));
          }
          break;
        }
        default:
          // mrk, sm, em, sub and anything unknown: transparent.
          break;
      }
    }
    if (kind === 'native') c.nativeDepth += 1;
    c.stack.push(kind);
  };

  const closeInline = (c: Capture) => {
    const kind = c.stack.pop();
    if (kind === 'pair') for (const b of builders(c)) b.close();
    if (kind === 'native') c.nativeDepth -= 1;
  };

  const handlers = {
    open(tag: XmlTag) {
      const name = localName(tag.name);
      const attrs = tag.attributes as Record<string, string>;
      if (skipDepth > 0) {
        skipDepth += 1;
        return;
      }
      if (!sawRoot) {
        if (name !== 'xliff') {
          throw new FormatError(`Not an XLIFF file: the root element is <${tag.name}>`);
        }
        sawRoot = true;
        version = Number.parseFloat(attrs.version ?? '1.2') || 1.2;
        isSdl = Object.keys(attrs).some((a) => a.startsWith('xmlns:') && /sdl/i.test(attrs[a]!));
        if (version >= 2) checkLanguages(attrs.srcLang, attrs.trgLang);
        return;
      }
      if (capture) {
        capture.depth += 1;
        if (name === 'mrk' && attrs.mtype === 'seg' && capture.mrk === null) {
          const builder = new SegmentBuilder();
          capture.mrk = { mid: attrs.mid ?? '', builder, depth: capture.depth };
          capture.stack.push('mrk');
          return;
        }
        openInline(capture, name, attrs);
        return;
      }
      switch (name) {
        case 'file':
          endFile();
          if (version < 2) checkLanguages(attrs['source-language'], attrs['target-language']);
          return;
        case 'trans-unit':
          unit = newUnit(attrs.resname ?? null);
          return;
        case 'unit':
          unit = newUnit(attrs.name ?? null);
          return;
        case 'segment':
        case 'ignorable':
          if (unit && version >= 2) {
            unit.source = null;
            unit.target = null;
            if (name === 'ignorable') skipDepth = 1;
          }
          return;
        case 'source':
        case 'target':
        case 'seg-source':
          if (unit) {
            capture = {
              side: name,
              whole: new SegmentBuilder(),
              mrk: null,
              depth: 0,
              nativeDepth: 0,
              stack: [],
            };
          }
          return;
        case 'seg':
          if (unit && attrs.id !== undefined) {
            const percent = Number.parseFloat(attrs.percent ?? '');
            unit.segs.set(attrs.id, {
              conf: attrs.conf ?? null,
              percent: Number.isFinite(percent) ? percent : null,
              isLocked: attrs.locked === 'true',
            });
          }
          return;
        case 'alt-trans':
        case 'originalData':
        case 'notes':
        case 'note':
        case 'bin-unit':
          skipDepth = 1;
          return;
        default:
          return;
      }
    },
    close(tag: XmlTag) {
      if (skipDepth > 0) {
        skipDepth -= 1;
        return;
      }
      const name = localName(tag.name);
      if (capture) {
        if (capture.depth > 0) {
          if (capture.mrk && capture.mrk.depth === capture.depth && name === 'mrk') {
            capture.stack.pop();
            const segment = capture.mrk.builder.finish();
            const map = capture.side === 'target' ? unit?.targetMrks : unit?.sourceMrks;
            map?.set(capture.mrk.mid, segment);
            capture.mrk = null;
          } else {
            closeInline(capture);
          }
          capture.depth -= 1;
          return;
        }
        const segment = capture.whole.finish();
        if (unit) {
          if (capture.side === 'target') unit.target = segment;
          else if (capture.side === 'source') unit.source = segment;
        }
        capture = null;
        return;
      }
      switch (name) {
        case 'trans-unit':
          if (unit) endUnit(unit);
          unit = null;
          return;
        case 'segment':
          if (unit?.source) {
            const segmentKey = unit.key;
            addSegment(unit.source, unit.target ?? undefined, segmentKey, true);
            unit.source = null;
            unit.target = null;
          }
          return;
        case 'unit':
          unit = null;
          return;
        case 'file':
          endFile();
          return;
        default:
          return;
      }
    },
    text(text: string) {
      if (!capture || skipDepth > 0) return;
      for (const b of builders(capture)) {
        if (capture.nativeDepth > 0) b.addNative(text);
        else b.addText(text);
      }
    },
  };

  yield* parseXml(decodeText(stream), handlers, out);
  endFile();
  if (out.length > 0) yield out.splice(0);
}

/** `xliffBatches`, one item at a time. */
export async function* readXliff(
  stream: Readable | AsyncIterable<Buffer>,
  options: XliffReadOptions = {},
): AsyncIterable<XliffUnit> {
  for await (const batch of xliffBatches(stream, options)) yield* batch;
}
