/** One translation unit as the index sees it: the row of a memory, by its id. */
export interface TmUnit {
  id: number;
  source: string;
  target: string;
  /** The source segment before this one in its document, when known. */
  prevSource: string | null;
  /** The source segment after this one in its document, when known. */
  nextSource: string | null;
  /** A context key (resource key, XLIFF `resname`, TMX `x-context`), when known. */
  contextKey: string | null;
}

/** A fuzzy lookup. */
export interface TmQuery {
  text: string;
  /** Lowest score returned, 1..101 (default 50; below 1 counts as 1: sharing nothing is no match). */
  threshold?: number;
  /** How many hits at most (default 5). */
  limit?: number;
  /** The current segment's neighbours and key, for the 101 (context) match. */
  prevSource?: string | null;
  nextSource?: string | null;
  contextKey?: string | null;
}

/** One hit: best first; ties go to the newest unit (highest id) first. */
export interface TmHit {
  id: number;
  score: number;
}

/** The candidate index of one memory. Every change is visible to the next query. */
export interface TmIndex {
  /** Adds a unit, replacing the unit with the same id if there is one. */
  add(unit: TmUnit): void;
  /** Removes the unit with this id; false when there was none. */
  remove(id: number): boolean;
  /** The same hits as `fullScan` over the units in the index. */
  query(q: TmQuery): TmHit[];
  readonly size: number;
  /** Does the work the next query would otherwise start with (building the lists). */
  prepare?(): void;
  /**
   * Does about `budgetMs` of a pending build of the lists; true once none is pending. Called
   * again and again (with turns of the event loop between), it builds without holding the
   * thread for long; adds, removals and queries may come between the calls.
   */
  buildStep?(budgetMs: number): boolean;
  /** Makes room for this many units before a load, so that it does not regrow on the way. */
  reserve?(units: number): void;
}

/**
 * Inline codes: `open` is an opening paired tag (`<g id="1">`, `<bpt>…</bpt>`, `<b>`), `close`
 * its end (`</g>`, `<ept>…</ept>`), `standalone` a tag with no partner (`<x/>`, `<ph>…</ph>`,
 * `<br/>`), `placeholder` a printf or brace variable (`%s`, `%1$d`, `{0}`, `{name}`).
 */
export type TmCodeKind = 'open' | 'close' | 'standalone' | 'placeholder';

export type TmTokenKind = 'word' | 'number' | 'punct' | 'code';

/** One token of a segment. */
export interface TmToken {
  kind: TmTokenKind;
  /**
   * What the token compares by: words NFKC-normalized and lower-cased, numbers NFKC-normalized,
   * punctuation NFKC-normalized, inline codes exactly as written.
   */
  key: string;
  /** UTF-16 offsets of the token in the text given to `tokenize`. */
  start: number;
  end: number;
  /** Only for `code` tokens. */
  codeKind?: TmCodeKind;
}
