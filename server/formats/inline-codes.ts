import { findCodeSpans } from '../../shared/inline-codes';

/**
 * The canonical stored form of inline codes (what the TM engine indexes and what every reader
 * produces, whatever the file format):
 *
 * - plain, unescaped text (`a < b & c` is stored as written);
 * - a paired code that encloses text: `<g id="N">text</g>` (XLIFF 1.2 `<g>`, XLIFF 2 `<pc>`,
 *   TMX `<bpt>`/`<ept>` and `<hi>`, XLIFF 1.2 `<bpt>`/`<ept>` and `<bx>`/`<ex>` pairs, XLIFF 2
 *   `<sc>`/`<ec>` pairs, when they nest properly);
 * - a standalone code: `<x id="N"/>` (XLIFF `<x/>`, `<ph>`, TMX `<ph>` and `<ut>`);
 * - half of a pair whose partner is outside the segment, or that overlaps another pair:
 *   `<bx id="N"/>` / `<ex id="N"/>` (TMX `<it>`, unmatched or overlapping bpt/ept, sc/ec).
 *
 * Ids are renumbered 1, 2, 3... in the order the codes appear in the source; a target code takes
 * the number of the source code it corresponds to (same XLIFF id, TMX `x` or `i`), and codes
 * found only in the target continue the numbering. So the same sentence stores the same way
 * whichever file it came from, which is what the engine compares (codes by their exact text).
 *
 * The native data of a code (TMX `<bpt>&lt;b&gt;</bpt>`, `<ph>&lt;br/&gt;</ph>`) is not part of
 * the text: it is kept beside it (`NativeCodes`, in the unit's metadata) for the TMX writer.
 * Placeholders such as `{0}` and `%s` are text in every format and stay text.
 *
 * What counts as a code when a stored string is read (by the TM, the MT, QA, the editor) is
 * defined once, in shared/inline-codes.ts; these canonical codes are a subset of it.
 */

/** Native data of code N: `b` of its start (or of a standalone code), `e` of its end. */
export interface NativeCode {
  b?: string;
  e?: string;
}
export type NativeCodes = Record<string, NativeCode>;

type CodeKind = 'open' | 'close' | 'standalone' | 'begin' | 'end';

interface Code {
  kind: CodeKind;
  ref: string;
  native: string;
  partner: Code | null;
  /** Set when rendering. */
  n: number;
}

type Part = string | Code;

/** A segment read from a file: text and codes in order. */
export interface Segment {
  parts: Part[];
  hasCodes: boolean;
}

/** Collects one segment's text and codes while a reader walks its XML. */
export class SegmentBuilder {
  private parts: Part[] = [];
  private text = '';
  private hasCodes = false;
  private nested: Code[] = [];
  private markers = new Map<string, Code>();
  private counts = new Map<string, number>();
  private current: Code | null = null;

  addText(text: string): void {
    this.text += text;
  }

  /** A paired code's start: nested like XML (`<g>`), or a marker closed by `pairKey` (`<bpt>`). */
  open(ref: string | null, pairKey?: string): void {
    const code = this.push('open', ref);
    if (pairKey === undefined) this.nested.push(code);
    else this.markers.set(pairKey, code);
  }

  /** A paired code's end: the last nested start, or the marker with `pairKey`. */
  close(pairKey?: string): void {
    const start = pairKey === undefined ? this.nested.pop() : this.markers.get(pairKey);
    if (pairKey !== undefined) this.markers.delete(pairKey);
    const code = this.push('close', start?.ref ?? null);
    if (start) {
      code.partner = start;
      start.partner = code;
    }
  }

  standalone(ref: string | null): void {
    this.push('standalone', ref);
  }

  /** Half of a pair whose other half is not in this segment. */
  isolated(kind: 'begin' | 'end', ref: string | null): void {
    this.push(kind, ref);
  }

  /** Native data (the content of `<bpt>`, `<ph>`...) of the code added last. */
  addNative(text: string): void {
    if (this.current) this.current.native += text;
  }

  finish(): Segment {
    this.flush();
    const segment = { parts: this.parts, hasCodes: this.hasCodes };
    this.parts = [];
    this.nested = [];
    this.markers.clear();
    this.counts.clear();
    this.hasCodes = false;
    this.current = null;
    return segment;
  }

  private push(kind: CodeKind, ref: string | null): Code {
    this.flush();
    this.hasCodes = true;
    // Codes without an id correspond by kind and order (the 2nd <ph> to the 2nd <ph>).
    const base = kind === 'close' ? 'open' : kind;
    const ordinal = (this.counts.get(base) ?? 0) + 1;
    this.counts.set(base, ordinal);
    const code: Code = { kind, ref: ref ?? `${base}#${ordinal}`, native: '', partner: null, n: 0 };
    this.parts.push(code);
    this.current = code;
    return code;
  }

  private flush(): void {
    if (this.text) {
      this.parts.push(this.text);
      this.text = '';
    }
  }
}

/** Text of a segment without codes (the fast path: most units have none). */
function plainText(segment: Segment): string {
  return segment.parts.length === 1 ? (segment.parts[0] as string) : segment.parts.join('');
}

/**
 * Pairs that nest properly render as `<g>`; a pair that overlaps another, or a half without its
 * partner, renders as `<bx/>`/`<ex/>`.
 */
function markIsolated(parts: Part[]): void {
  const stack: Code[] = [];
  for (const part of parts) {
    if (typeof part === 'string') continue;
    if (part.kind === 'open') {
      if (part.partner) stack.push(part);
      else part.kind = 'begin';
    } else if (part.kind === 'close') {
      const start = part.partner;
      if (!start) {
        part.kind = 'end';
      } else if (stack[stack.length - 1] === start) {
        stack.pop();
      } else {
        start.kind = 'begin';
        part.kind = 'end';
        stack.splice(stack.indexOf(start), 1);
      }
    }
  }
}

function render(parts: Part[], natives: NativeCodes): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    const id = String(part.n);
    if (part.native) {
      const entry = (natives[id] ??= {});
      const side = part.kind === 'close' || part.kind === 'end' ? 'e' : 'b';
      entry[side] ??= part.native;
    }
    switch (part.kind) {
      case 'open':
        out += `<g id="${id}">`;
        break;
      case 'close':
        out += '</g>';
        break;
      case 'standalone':
        out += `<x id="${id}"/>`;
        break;
      case 'begin':
        out += `<bx id="${id}"/>`;
        break;
      case 'end':
        out += `<ex id="${id}"/>`;
        break;
    }
  }
  return out;
}

/** A unit's source and target in the canonical form, with the codes' native data if any. */
export interface CanonicalPair {
  source: string;
  target: string;
  codes?: NativeCodes;
}

/** Renders a source and target, numbering their codes as described at the top of this file. */
export function canonicalPair(source: Segment, target: Segment): CanonicalPair {
  if (!source.hasCodes && !target.hasCodes) {
    return { source: plainText(source), target: plainText(target) };
  }
  markIsolated(source.parts);
  markIsolated(target.parts);
  let next = 0;
  const byRef = new Map<string, number>();
  for (const part of source.parts) {
    if (typeof part === 'string') continue;
    if (part.kind === 'close') {
      part.n = part.partner?.n ?? ++next;
      continue;
    }
    part.n = ++next;
    if (!byRef.has(part.ref)) byRef.set(part.ref, part.n);
  }
  const used = new Set<number>();
  for (const part of target.parts) {
    if (typeof part === 'string') continue;
    if (part.kind === 'close') {
      part.n = part.partner?.n ?? ++next;
      continue;
    }
    const n = byRef.get(part.ref);
    if (n !== undefined && !used.has(n)) {
      part.n = n;
      used.add(n);
    } else {
      part.n = ++next;
    }
  }
  const codes: NativeCodes = {};
  const pair: CanonicalPair = {
    source: render(source.parts, codes),
    target: render(target.parts, codes),
  };
  if (Object.keys(codes).length > 0) pair.codes = codes;
  return pair;
}

/** One piece of a stored string: text, or one of the canonical codes. */
export type StoredPart =
  | { type: 'text'; text: string }
  | { type: 'open' | 'standalone' | 'begin' | 'end'; id: string }
  | { type: 'close'; id: string };

// A code of the shared scanner is canonical when it is exactly one of these.
const CANONICAL =
  /^(?:<g id="([^"<>]*)">|<\/g>|<x id="([^"<>]*)"\/>|<bx id="([^"<>]*)"\/>|<ex id="([^"<>]*)"\/>)$/;

/**
 * Splits a stored string into text and canonical codes, for writers. Codes are found by the shared
 * scanner (shared/inline-codes.ts), so what it reads as one code (a `<ph>` with its content) is
 * never cut; a code that is not exactly canonical is text, and so is a `</g>` without an open `<g>`.
 */
export function parseStored(value: string): StoredPart[] {
  const parts: StoredPart[] = [];
  const open: string[] = [];
  let last = 0;
  const addText = (text: string) => {
    if (!text) return;
    const previous = parts[parts.length - 1];
    if (previous?.type === 'text') previous.text += text;
    else parts.push({ type: 'text', text });
  };
  const spans = value.includes('<') ? findCodeSpans(value) : [];
  for (const span of spans) {
    if (span.kind === 'placeholder') continue;
    const whole = value.slice(span.start, span.end);
    const match = CANONICAL.exec(whole);
    if (!match) continue;
    addText(value.slice(last, span.start));
    last = span.end;
    const [, g, x, bx, ex] = match;
    if (g !== undefined) {
      open.push(g);
      parts.push({ type: 'open', id: g });
    } else if (x !== undefined) {
      parts.push({ type: 'standalone', id: x });
    } else if (bx !== undefined) {
      parts.push({ type: 'begin', id: bx });
    } else if (ex !== undefined) {
      parts.push({ type: 'end', id: ex });
    } else {
      const id = open.pop();
      if (id === undefined) addText(whole);
      else parts.push({ type: 'close', id });
    }
  }
  addText(value.slice(last));
  // An open `<g>` never closed is a begin marker.
  for (const id of open) {
    const part = parts.find((p) => p.type === 'open' && p.id === id);
    if (part) part.type = 'begin';
  }
  return parts;
}
