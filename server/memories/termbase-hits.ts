import type { TermHit } from '../../shared/api/translate';
import type { Database } from '../store/db';
import { tokenize } from '../tm';

interface IndexedTerm {
  /** Insertion order, so that equal matches come out in a stable order. */
  order: number;
  source: string;
  target: string;
  extra: Record<string, string>;
  /** The term's token keys (lower-cased, NFKC), as the TM tokenizer makes them. */
  keys: string[];
  /** `gaps[i]`: whether something (a space) separates token i from token i+1. */
  gaps: boolean[];
  length: number;
}

interface QueryToken {
  key: string;
  start: number;
  end: number;
}

/** A termbase's terms indexed by their first token key. */
export type TermMatcher = Map<string, IndexedTerm[]>;

interface TermRow {
  source: string;
  target: string;
  extra: string | null;
}

function extraOf(json: string | null): Record<string, string> {
  const parsed: unknown = json === null ? null : JSON.parse(json);
  if (typeof parsed !== 'object' || parsed === null) return {};
  const extra: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (value !== null && value !== undefined) extra[name] = String(value);
  }
  return extra;
}

/** Builds the matcher of a termbase from its rows (terms that have no token are skipped). */
export function buildTermMatcher(rows: Iterable<TermRow>): TermMatcher {
  const matcher: TermMatcher = new Map();
  let order = 0;
  for (const row of rows) {
    const tokens = tokenize(row.source);
    if (tokens.length === 0) continue;
    const term: IndexedTerm = {
      order: order++,
      source: row.source,
      target: row.target,
      extra: extraOf(row.extra),
      keys: tokens.map((token) => token.key),
      gaps: tokens.slice(1).map((token, i) => token.start > tokens[i]!.end),
      length: tokens.length,
    };
    const first = term.keys[0]!;
    const list = matcher.get(first);
    if (list) list.push(term);
    else matcher.set(first, [term]);
  }
  return matcher;
}

/** Whether `term` occurs at query token `at`: same keys, spaces where the term has them. */
function occursAt(term: IndexedTerm, tokens: QueryToken[], at: number): boolean {
  if (at + term.length > tokens.length) return false;
  for (let i = 1; i < term.length; i++) {
    const token = tokens[at + i]!;
    if (token.key !== term.keys[i]) return false;
    if (token.start > tokens[at + i - 1]!.end !== term.gaps[i - 1]) return false;
  }
  return true;
}

interface Occurrence {
  term: IndexedTerm;
  first: number;
  last: number;
  start: number;
  end: number;
}

/**
 * The terms found in `text`: whole tokens only (`cat` is not in `category`), case-insensitive,
 * longest first (in tokens, then characters), never overlapping; hits are ordered by their first
 * occurrence, each with every place it occurs as UTF-16 `[start, end)` ranges.
 */
export function findTermHits(matcher: TermMatcher, text: string): TermHit[] {
  const tokens: QueryToken[] = tokenize(text);
  const found: Occurrence[] = [];
  tokens.forEach((token, at) => {
    for (const term of matcher.get(token.key) ?? []) {
      if (!occursAt(term, tokens, at)) continue;
      const last = at + term.length - 1;
      found.push({ term, first: at, last, start: token.start, end: tokens[last]!.end });
    }
  });
  found.sort(
    (a, b) =>
      b.term.length - a.term.length ||
      b.end - b.start - (a.end - a.start) ||
      a.start - b.start ||
      a.term.order - b.term.order,
  );
  const taken = new Array<boolean>(tokens.length).fill(false);
  const accepted: Occurrence[] = [];
  for (const occurrence of found) {
    const { first, last } = occurrence;
    // Entries with one source (two targets, or two spellings of case) share their tokens.
    const isSameSpan = accepted.some((o) => o.first === first && o.last === last);
    if (!isSameSpan && taken.slice(first, last + 1).includes(true)) continue;
    taken.fill(true, first, last + 1);
    accepted.push(occurrence);
  }
  accepted.sort((a, b) => a.start - b.start || a.term.order - b.term.order);
  const hits = new Map<IndexedTerm, TermHit>();
  for (const { term, start, end } of accepted) {
    const hit = hits.get(term);
    if (hit) hit.ranges.push([start, end]);
    else
      hits.set(term, {
        source: term.source,
        target: term.target,
        ranges: [[start, end]],
        extra: term.extra,
      });
  }
  return [...hits.values()];
}

/**
 * Term lookups per memory with a cached matcher, rebuilt when the memory's `version` changes
 * (every import and unit change bumps it). Null for a memory the organization does not have.
 */
export function createTermHitFinder(db: Database) {
  const versionOf = db.prepare<[number, number], { version: number }>(
    'SELECT version FROM memories WHERE id = ? AND org_id = ?',
  );
  const termsOf = db.prepare<[number], TermRow>(
    'SELECT source, target, extra FROM memory_terms WHERE memory_id = ? ORDER BY id',
  );
  const exists = db.prepare<[number], { id: number }>('SELECT id FROM memories WHERE id = ?');
  const cache = new Map<number, { version: number; matcher: TermMatcher }>();

  return (orgId: number, memoryId: number, text: string): TermHit[] | null => {
    const memory = versionOf.get(memoryId, orgId);
    if (!memory) {
      // Forget a deleted memory's matcher, but never another organization's on its behalf.
      if (!exists.get(memoryId)) cache.delete(memoryId);
      return null;
    }
    let cached = cache.get(memoryId);
    if (cached?.version !== memory.version) {
      cached = { version: memory.version, matcher: buildTermMatcher(termsOf.iterate(memoryId)) };
      cache.set(memoryId, cached);
    }
    return findTermHits(cached.matcher, text);
  };
}
