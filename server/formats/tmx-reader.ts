import type { Readable } from 'node:stream';
import { SegmentBuilder, canonicalPair, type NativeCodes, type Segment } from './inline-codes';
import { primaryLanguage, parseTmxDate, type LanguagePair } from './languages';
import { decodeText, FormatError } from './text-decode';
import { parseXml, type XmlTag } from './xml-stream';

/** One translation unit of a TMX file, source and target in the canonical form (inline-codes.ts). */
export interface TmxUnit {
  source: string;
  target: string;
  srclang: string;
  trglang: string;
  prevSource?: string;
  nextSource?: string;
  contextKey?: string;
  /** `creationdate` / `changedate`, epoch seconds. */
  created?: number;
  changed?: number;
  tuid?: string;
  /** Native data of the inline codes, for writing them back. */
  codes?: NativeCodes;
}

export interface TmxReadOptions {
  /**
   * The memory's languages: each unit's source and target are the `<tuv>`s in these languages,
   * by primary subtag (`en-US` matches `en`), whatever the file's own `srclang`. A file whose
   * header names a source language that is neither of them is refused at the header.
   * Without it, the source is the `<tuv>` in the file's `srclang`, the target the first other.
   */
  languages?: LanguagePair;
  /** Told about each `<tu>` that gave no unit (no tuv in a language, an empty segment). */
  onSkip?: (reason: string) => void;
}

// Context from the props that tools write: Okapi/Trados (x-context-pre/-post), OmegaT (prev/next/id).
const PREV_PROPS = new Set(['x-context-pre', 'x-context-prev', 'x-prev', 'prev', 'x-prev-source']);
const NEXT_PROPS = new Set(['x-context-post', 'x-context-next', 'x-next', 'next']);
const KEY_PROPS = new Set(['x-context-key', 'x-key', 'x-context', 'key', 'id']);

interface Tuv {
  lang: string;
  segment: Segment;
}

interface TuState {
  srclang: string;
  created?: number;
  changed?: number;
  tuid?: string;
  tuvs: Tuv[];
  prev?: string;
  next?: string;
  key?: string;
}

/**
 * Reads a TMX 1.4b (also 1.1-1.4) file as a stream of units, never holding more than one `<tu>`.
 * Inline codes (`<bpt>`, `<ept>`, `<ph>`, `<it>`, `<hi>`, `<ut>`) become the canonical codes;
 * their content is native data, not text. Context comes from `<prop>`s on the `<tu>` or `<tuv>`.
 * Hostile or malformed XML fails the iteration with a FormatError (see xml-stream.ts).
 */
export async function* tmxBatches(
  stream: Readable | AsyncIterable<Buffer>,
  options: TmxReadOptions = {},
): AsyncGenerator<TmxUnit[]> {
  const { languages, onSkip } = options;
  const wantSource = languages ? primaryLanguage(languages.srclang) : null;
  const wantTarget = languages ? primaryLanguage(languages.trglang) : null;
  const out: TmxUnit[] = [];
  let headerSrclang = '*all*';
  let sawRoot = false;
  let tu: TuState | null = null;
  let tuvLang: string | null = null;
  let builder: SegmentBuilder | null = null;
  let nativeDepth = 0;
  let propType: string | null = null;
  let propText = '';

  const emit = (state: TuState) => {
    let source: Tuv | undefined;
    let target: Tuv | undefined;
    if (wantSource !== null && wantTarget !== null) {
      source = state.tuvs.find((t) => primaryLanguage(t.lang) === wantSource);
      target = state.tuvs.find((t) => t !== source && primaryLanguage(t.lang) === wantTarget);
    } else {
      const from = state.srclang === '*all*' ? null : primaryLanguage(state.srclang);
      source = state.tuvs.find((t) => from === null || primaryLanguage(t.lang) === from);
      target = state.tuvs.find((t) => t !== source);
    }
    if (!source || !target) {
      onSkip?.(`a <tu> without a ${source ? 'target' : 'source'}-language <tuv>`);
      return;
    }
    const pair = canonicalPair(source.segment, target.segment);
    if (pair.source.trim() === '' || pair.target.trim() === '') {
      onSkip?.('a <tu> with an empty segment');
      return;
    }
    const unit: TmxUnit = {
      source: pair.source,
      target: pair.target,
      srclang: source.lang,
      trglang: target.lang,
    };
    if (state.prev !== undefined) unit.prevSource = state.prev;
    if (state.next !== undefined) unit.nextSource = state.next;
    if (state.key !== undefined) unit.contextKey = state.key;
    if (state.created !== undefined) unit.created = state.created;
    if (state.changed !== undefined) unit.changed = state.changed;
    if (state.tuid !== undefined) unit.tuid = state.tuid;
    if (pair.codes) unit.codes = pair.codes;
    out.push(unit);
  };

  const openInSeg = (name: string, attrs: Record<string, string>, b: SegmentBuilder) => {
    switch (name) {
      case 'bpt':
        b.open(attrs.x ?? (attrs.i ? `i:${attrs.i}` : null), `i:${attrs.i ?? ''}`);
        nativeDepth += 1;
        return;
      case 'ept':
        b.close(`i:${attrs.i ?? ''}`);
        nativeDepth += 1;
        return;
      case 'ph':
      case 'ut':
        b.standalone(attrs.x ?? null);
        nativeDepth += 1;
        return;
      case 'it':
        b.isolated(attrs.pos === 'end' ? 'end' : 'begin', attrs.x ?? null);
        nativeDepth += 1;
        return;
      case 'hi':
        if (nativeDepth === 0) b.open(attrs.x ?? null);
        return;
      case 'sub':
        return;
      default:
        throw new FormatError(`Unexpected <${name}> inside a TMX <seg>`);
    }
  };

  const handlers = {
    open(tag: XmlTag) {
      const name = tag.name;
      const attrs = tag.attributes as Record<string, string>;
      if (builder) {
        openInSeg(name, attrs, builder);
        return;
      }
      if (!sawRoot) {
        if (name !== 'tmx') throw new FormatError(`Not a TMX file: the root element is <${name}>`);
        sawRoot = true;
        return;
      }
      switch (name) {
        case 'header':
          headerSrclang = attrs.srclang ?? '*all*';
          if (wantSource !== null && headerSrclang !== '*all*') {
            const lang = primaryLanguage(headerSrclang);
            if (lang !== wantSource && lang !== wantTarget) {
              throw new FormatError(
                `The TMX's source language is ${headerSrclang}, but the memory translates ` +
                  `${languages?.srclang} to ${languages?.trglang}`,
              );
            }
          }
          return;
        case 'tu':
          tu = {
            srclang: attrs.srclang ?? headerSrclang,
            created: parseTmxDate(attrs.creationdate),
            changed: parseTmxDate(attrs.changedate),
            tuid: attrs.tuid,
            tuvs: [],
          };
          return;
        case 'tuv':
          tuvLang = attrs['xml:lang'] ?? attrs.lang ?? '';
          return;
        case 'seg':
          if (tu && tuvLang !== null) builder = new SegmentBuilder();
          return;
        case 'prop':
          if (tu) {
            propType = (attrs.type ?? '').toLowerCase();
            propText = '';
          }
          return;
        default:
          return;
      }
    },
    close(tag: XmlTag) {
      const name = tag.name;
      if (builder) {
        if (name === 'seg') {
          if (tu && tuvLang !== null) tu.tuvs.push({ lang: tuvLang, segment: builder.finish() });
          builder = null;
        } else if (name === 'hi') {
          if (nativeDepth === 0) builder.close();
        } else if (name !== 'sub') {
          nativeDepth -= 1;
        }
        return;
      }
      switch (name) {
        case 'tu':
          if (tu) emit(tu);
          tu = null;
          return;
        case 'tuv':
          tuvLang = null;
          return;
        case 'prop':
          if (tu && propType !== null) {
            if (PREV_PROPS.has(propType)) tu.prev = propText;
            else if (NEXT_PROPS.has(propType)) tu.next = propText;
            else if (KEY_PROPS.has(propType)) tu.key = propText;
          }
          propType = null;
          return;
        default:
          return;
      }
    },
    text(text: string) {
      if (builder) {
        if (nativeDepth > 0) builder.addNative(text);
        else builder.addText(text);
      } else if (propType !== null) {
        propText += text;
      }
    },
  };

  yield* parseXml(decodeText(stream), handlers, out);
}

/** `tmxBatches`, one item at a time. */
export async function* readTmx(
  stream: Readable | AsyncIterable<Buffer>,
  options: TmxReadOptions = {},
): AsyncIterable<TmxUnit> {
  for await (const batch of tmxBatches(stream, options)) yield* batch;
}
