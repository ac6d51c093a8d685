import { codeMarkup, escapeSegmentText, parseSegment } from './inline-codes';
import type { XmlElement, XmlNode } from './xml-tree';

/**
 * Inline content of XLIFF units. A unit's codes are kept in a table with their native markup,
 * exactly as found in the file; a segment's content is a list of runs: text, or a reference to a
 * code of the table with the side it stands for. Both are plain JSON, stored in the skeleton.
 */
export interface NativeCode {
  open?: string;
  close?: string;
  standalone?: string;
  /** `open` and `close` are the start and end tags of one element (`g`, `pc`, `mrk`): they must nest. */
  isElement?: boolean;
  /** Element name and id, to rebuild a pair that a target broke (`g` as `bx`/`ex`, `pc` as `sc`/`ec`). */
  name?: string;
  id?: string;
  dataRefStart?: string;
  dataRefEnd?: string;
}

export type Role = 'o' | 'c' | 's';
export type Run = string | { c: number; r: Role };

export type Dialect = '1.2' | '2.0';

type Shape = { pair: true } | { pair: false; role: Role; link: string | null };

function shapeOf(el: XmlElement, dialect: Dialect): Shape {
  const a = el.attrs;
  const hasContent = el.children.length > 0;
  if (dialect === '1.2') {
    switch (el.local) {
      case 'g':
      case 'mrk':
        return hasContent ? { pair: true } : { pair: false, role: 's', link: null };
      case 'bx':
      case 'bpt':
        return { pair: false, role: 'o', link: a.rid ?? a.id ?? null };
      case 'ex':
      case 'ept':
        return { pair: false, role: 'c', link: a.rid ?? a.id ?? null };
      case 'it':
        return {
          pair: false,
          role: a.pos === 'open' ? 'o' : a.pos === 'close' ? 'c' : 's',
          link: null,
        };
      default:
        return { pair: false, role: 's', link: null };
    }
  }
  const isIsolated = a.isolated === 'yes';
  switch (el.local) {
    case 'pc':
    case 'mrk':
      return hasContent ? { pair: true } : { pair: false, role: 's', link: null };
    case 'sc':
    case 'sm':
      return { pair: false, role: 'o', link: isIsolated ? null : (a.id ?? null) };
    case 'ec':
    case 'em':
      return { pair: false, role: 'c', link: isIsolated ? null : (a.startRef ?? null) };
    default:
      return { pair: false, role: 's', link: null };
  }
}

/** Collects the runs of one content (a `<source>`, `<target>` or `<mrk mtype="seg">`) of a unit. */
export class RunCollector {
  readonly codes: NativeCode[];
  private readonly signatures = new Map<string, number>();
  private readonly pendingOpen = new Map<string, number>();
  private occurrence = 0;

  constructor(
    private readonly text: string,
    private readonly dialect: Dialect,
    codes: NativeCode[] = [],
  ) {
    this.codes = codes;
  }

  /**
   * The runs of `nodes`. With `isTarget`, codes are matched to the source's codes by element
   * name and id; codes only in the target get new table entries.
   */
  collect(nodes: XmlNode[], isPreserve: boolean, isTarget = false): Run[] {
    this.occurrence = 0;
    this.pendingOpen.clear();
    const runs: Run[] = [];
    this.walk(nodes, isPreserve, isTarget, runs);
    return mergeText(runs);
  }

  private walk(nodes: XmlNode[], isPreserve: boolean, isTarget: boolean, runs: Run[]): void {
    for (const node of nodes) {
      if (node.type === 'text') {
        runs.push(isPreserve ? node.text : node.text.replace(/[ \t]*\n[ \t\n]*/g, ' '));
        continue;
      }
      const shape = shapeOf(node, this.dialect);
      const space = node.attrs['xml:space'];
      const preserveInside = space === 'preserve' ? true : space === 'default' ? false : isPreserve;
      if (shape.pair) {
        const id = node.attrs.id ?? node.attrs.mid ?? `#${this.occurrence++}`;
        const k = this.resolve(`p:${node.local}:${id}`, isTarget, () => ({
          open: this.text.slice(node.start, node.openEnd),
          close: this.text.slice(node.closeStart, node.end),
          isElement: true,
          name: node.local,
          id,
          dataRefStart: node.attrs.dataRefStart,
          dataRefEnd: node.attrs.dataRefEnd,
        }));
        runs.push({ c: k, r: 'o' });
        this.walk(node.children, preserveInside, isTarget, runs);
        runs.push({ c: k, r: 'c' });
        continue;
      }
      const raw = this.text.slice(node.start, node.end);
      runs.push({
        c: this.resolveSide(node, shape.role, shape.link, raw, isTarget),
        r: shape.role,
      });
    }
  }

  private resolveSide(
    el: XmlElement,
    role: Role,
    link: string | null,
    raw: string,
    isTarget: boolean,
  ): number {
    if (role === 's' || link === null) {
      const id = el.attrs.id ?? `#${this.occurrence++}`;
      const side = role === 's' ? 'standalone' : role === 'o' ? 'open' : 'close';
      return this.resolve(`${role}:${el.local}:${id}`, isTarget, () => ({ [side]: raw }));
    }
    if (role === 'o') {
      const k = this.resolve(`o:${link}`, isTarget, () => ({ open: raw }));
      this.pendingOpen.set(link, k);
      return k;
    }
    const signature = `c:${link}`;
    const known = isTarget ? this.signatures.get(signature) : undefined;
    if (known !== undefined) return known;
    const pending = this.pendingOpen.get(link);
    if (pending === undefined) return this.resolve(signature, isTarget, () => ({ close: raw }));
    this.pendingOpen.delete(link);
    this.codes[pending]!.close ??= raw;
    if (!isTarget && !this.signatures.has(signature)) this.signatures.set(signature, pending);
    return pending;
  }

  /** Source: a new table entry, remembered by signature. Target: the source's entry if any. */
  private resolve(signature: string, isTarget: boolean, make: () => NativeCode): number {
    if (isTarget) {
      const known = this.signatures.get(signature);
      if (known !== undefined) return known;
      return this.codes.push(make()) - 1;
    }
    const k = this.codes.push(make()) - 1;
    if (!this.signatures.has(signature)) this.signatures.set(signature, k);
    return k;
  }
}

function mergeText(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const run of runs) {
    const last = out[out.length - 1];
    if (typeof run === 'string') {
      if (run === '') continue;
      if (typeof last === 'string') out[out.length - 1] = last + run;
      else out.push(run);
    } else out.push(run);
  }
  return out;
}

/** True when the runs hold something other than whitespace outside codes. */
export function hasText(runs: Run[]): boolean {
  return runs.some((r) => typeof r === 'string' && /\S/u.test(r));
}

/** Leading and trailing whitespace of the runs, taken out (it stays in the skeleton). */
export function trimRuns(runs: Run[]): { lead: string; body: Run[]; trail: string } {
  const body = [...runs];
  let lead = '';
  let trail = '';
  while (typeof body[0] === 'string') {
    const s = body[0];
    const m = /^\s*/u.exec(s)![0];
    lead += m;
    if (m.length === s.length) body.shift();
    else {
      body[0] = s.slice(m.length);
      break;
    }
  }
  while (typeof body[body.length - 1] === 'string') {
    const s = body[body.length - 1] as string;
    const m = /\s*$/u.exec(s)![0];
    trail = m + trail;
    if (m.length === s.length) body.pop();
    else {
      body[body.length - 1] = s.slice(0, s.length - m.length);
      break;
    }
  }
  return { lead, body, trail };
}

/** The projection the segmenter sees: text as is, each code as a canonical tag of its kind. */
export function projectRuns(runs: Run[]): { projection: string; offsets: number[] } {
  let projection = '';
  const offsets: number[] = [];
  for (const run of runs) {
    offsets.push(projection.length);
    if (typeof run === 'string') projection += run;
    else projection += codeMarkup(run.r === 'o' ? 'bx' : run.r === 'c' ? 'ex' : 'x', 'open', run.c);
  }
  offsets.push(projection.length);
  return { projection, offsets };
}

/** Cuts the runs at the given offsets of their projection (offsets inside a code move past it). */
export function cutRuns(runs: Run[], offsets: number[], cuts: number[]): Run[][] {
  const pieces: Run[][] = [[]];
  let cutAt = 0;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    const start = offsets[i]!;
    const end = offsets[i + 1]!;
    if (typeof run !== 'string') {
      pieces[pieces.length - 1]!.push(run);
      while (cutAt < cuts.length && cuts[cutAt]! <= end) {
        if (cuts[cutAt]! > start) pieces.push([]);
        cutAt++;
      }
      continue;
    }
    let from = 0;
    while (cutAt < cuts.length && cuts[cutAt]! <= end) {
      const at = cuts[cutAt]! - start;
      if (at > from || (at === from && at > 0)) {
        if (at > from) pieces[pieces.length - 1]!.push(run.slice(from, at));
        pieces.push([]);
        from = at;
      } else if (at === 0 && pieces[pieces.length - 1]!.length > 0) {
        pieces.push([]);
      }
      cutAt++;
    }
    if (from < run.length) pieces[pieces.length - 1]!.push(run.slice(from));
  }
  return pieces.filter((p) => p.length > 0);
}

/**
 * The canonical string of a segment's runs. `local` maps canonical ids (index + 1) to table codes;
 * it is extended with the codes seen here for the first time.
 */
export function canonicalize(runs: Run[], local: number[]): string {
  const isPaired = new Array<boolean>(runs.length).fill(false);
  const stack: number[] = [];
  runs.forEach((run, i) => {
    if (typeof run === 'string') return;
    if (!local.includes(run.c)) local.push(run.c);
    if (run.r === 'o') stack.push(i);
    else if (run.r === 'c') {
      const top = stack[stack.length - 1];
      if (top !== undefined && (runs[top] as { c: number }).c === run.c) {
        isPaired[top] = true;
        isPaired[i] = true;
        stack.pop();
      }
    }
  });
  let out = '';
  runs.forEach((run, i) => {
    if (typeof run === 'string') {
      out += escapeSegmentText(run);
      return;
    }
    const id = local.indexOf(run.c) + 1;
    if (run.r === 's') out += codeMarkup('x', 'standalone', id);
    else if (isPaired[i]) out += codeMarkup('g', run.r === 'o' ? 'open' : 'close', id);
    else out += codeMarkup(run.r === 'o' ? 'bx' : 'ex', 'standalone', id);
  });
  return out;
}

/** A target segment string back to runs; codes that are not in `local` are dropped. */
export function targetToRuns(target: string, local: number[]): Run[] {
  const runs: Run[] = [];
  for (const token of parseSegment(target)) {
    if (token.kind === 'text') {
      runs.push(token.text);
      continue;
    }
    const k = /^\d+$/.test(token.id) ? local[Number(token.id) - 1] : undefined;
    if (k === undefined) continue;
    runs.push({ c: k, r: token.role === 'open' ? 'o' : token.role === 'close' ? 'c' : 's' });
  }
  return mergeText(runs);
}
