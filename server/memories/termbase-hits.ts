import type { TermHit } from '../../shared/api/translate';
import type { Storage } from '../db/storage';
import { tokenize } from '../tm';
import { termQueries, type TermRow } from './term-queries';

/** Terms read per query while a matcher is built. */
const TERMS_PAGE = 5_000;

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
export function buildTermMatcher(
  rows: Iterable<Pick<TermRow, 'source' | 'target' | 'extra'>>,
): TermMatcher {
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
 * `forget` drops a deleted memory's matcher, so it holds no memory once its terms are gone.
 * Lookups answer null for a memory the organization does not have.
 */
export function createTermHitFinder(storage: Storage) {
  const terms = termQueries(storage.db, storage.dialect);
  const cache = new Map<number, { key: string; matcher: Promise<TermMatcher> }>();

  /** Every term of the memory, read a page at a time. */
  async function allTerms(memoryId: number): Promise<TermRow[]> {
    const rows: TermRow[] = [];
    for (let afterId = 0; ;) {
      const page = await terms.page(memoryId, afterId, TERMS_PAGE);
      rows.push(...page);
      if (page.length < TERMS_PAGE) return rows;
      afterId = page[page.length - 1]!.id;
    }
  }

  return {
    async find(orgId: number, memoryId: number, text: string): Promise<TermHit[] | null> {
      const state = await terms.termbaseState(orgId, memoryId);
      if (!state) return null;
      const key = `${orgId}:${state.created_at}:${state.num_terms}:${state.last_term ?? 0}`;
      let cached = cache.get(memoryId);
      if (cached?.key !== key) {
        // Requests that arrive while it is built wait for the same matcher.
        const matcher = allTerms(memoryId).then(buildTermMatcher);
        const entry = { key, matcher };
        cache.set(memoryId, entry);
        matcher.catch(() => {
          if (cache.get(memoryId) === entry) cache.delete(memoryId);
        });
        cached = entry;
      }
      return findTermHits(await cached.matcher, text);
    },

    forget(memoryId: number): void {
      cache.delete(memoryId);
    },
  };
}

export type TermHitFinder = ReturnType<typeof createTermHitFinder>;
