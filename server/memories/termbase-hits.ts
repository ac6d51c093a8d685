import type { TermHit } from '../../shared/api/translate';
import type { Database } from '../db/db';
import { tokenize } from '../tm';

interface IndexedTerm {
  /** Insertion order, so that equal matches come out in a stable order. */
  order: number;
  source: string;
  target: string;
  extra: Record<string, string>;
  /** Its number of tokens (as the TM tokenizer makes them: lower-cased, NFKC). */
  length: number;
}

interface QueryToken {
  key: string;
  start: number;
  end: number;
}

/**
 * A termbase's terms in a trie of their token keys: from any place of a text, the walk costs
 * the length of the longest term found there, however many terms share a first word.
 */
export interface TermMatcher {
  /** Edges by the first token's key. */
  next: Map<string, TrieNode>;
}

interface TrieNode {
  /** Edges by `edgeKey` of the following token. */
  next: Map<string, TrieNode>;
  /** The terms whose tokens end here. */
  terms: IndexedTerm[];
}

/** An edge after the first token: its key, and whether a space comes before it. */
const edgeKey = (key: string, spaced: boolean) => (spaced ? ` ${key}` : key);

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
  const matcher: TermMatcher = { next: new Map() };
  let order = 0;
  for (const row of rows) {
    const tokens = tokenize(row.source);
    if (tokens.length === 0) continue;
    const term: IndexedTerm = {
      order: order++,
      source: row.source,
      target: row.target,
      extra: extraOf(row.extra),
      length: tokens.length,
    };
    let edges = matcher.next;
    let node: TrieNode | undefined;
    tokens.forEach((token, i) => {
      const key = i === 0 ? token.key : edgeKey(token.key, token.start > tokens[i - 1]!.end);
      node = edges.get(key);
      if (!node) {
        node = { next: new Map(), terms: [] };
        edges.set(key, node);
      }
      edges = node.next;
    });
    node!.terms.push(term);
  }
  return matcher;
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
    let node = matcher.next.get(token.key);
    for (let last = at; node;) {
      for (const term of node.terms) {
        found.push({ term, first: at, last, start: token.start, end: tokens[last]!.end });
      }
      last += 1;
      const next = tokens[last];
      if (!next) break;
      node = node.next.get(edgeKey(next.key, next.start > tokens[last - 1]!.end));
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
 * Term lookups per memory with a cached matcher, rebuilt when the termbase changes (terms are
 * only ever added, by imports: their count and last id say when). Unit changes leave it alone.
 * `forget` drops a deleted memory's matcher, so it holds no memory once its terms are gone. Lookups answer null for a memory the organization does not have.
 */
export function createTermHitFinder(db: Database) {
  const memoryOf = db.prepare<[number, number], { num_terms: number; created_at: number }>(
    'SELECT num_terms, created_at FROM memories WHERE id = ? AND org_id = ?',
  );
  const lastTermOf = db.prepare<[number], { id: number | null }>(
    'SELECT max(id) AS id FROM memory_terms WHERE memory_id = ?',
  );
  const termsOf = db.prepare<[number], TermRow>(
    'SELECT source, target, extra FROM memory_terms WHERE memory_id = ? ORDER BY id',
  );
  const cache = new Map<number, { key: string; matcher: TermMatcher }>();

  return {
    find(orgId: number, memoryId: number, text: string): TermHit[] | null {
      const memory = memoryOf.get(memoryId, orgId);
      if (!memory) return null;
      const last = lastTermOf.get(memoryId)?.id ?? 0;
      const key = `${orgId}:${memory.created_at}:${memory.num_terms}:${last}`;
      let cached = cache.get(memoryId);
      if (cached?.key !== key) {
        cached = { key, matcher: buildTermMatcher(termsOf.iterate(memoryId)) };
        cache.set(memoryId, cached);
      }
      return findTermHits(cached.matcher, text);
    },

    forget(memoryId: number): void {
      cache.delete(memoryId);
    },
  };
}

export type TermHitFinder = ReturnType<typeof createTermHitFinder>;
