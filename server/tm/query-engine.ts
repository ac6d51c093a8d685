import { CandidateGatherer, type QueryStats } from './candidates';
import { emptyContextHash, hashQueryContext } from './context';
import { QueryPattern } from './pattern';
import type { PostingLists } from './postings';
import { QueryTokens } from './query-tokens';
import type { Ranking } from './ranking';
import { effectiveLimit, effectiveThreshold } from './score';
import { TopK } from './top-k';
import type { TmHit, TmQuery } from './types';
import type { UnitStore } from './unit-store';
import { CandidateVerifier } from './verify-candidates';
import { SegmentEncoder, type Vocabulary } from './vocab';

export type { QueryStats } from './candidates';

/** Thresholds tried before the query's own (see `query`). */
const PHASES = [90, 75];

/**
 * One query (bounds.ts has the proofs, numbered as here):
 * 1. prefix (4): sort the query's tokens into the global order; look up only its first
 *    pQ = n - ceil(t n / 100) + 1 occurrences, and in each list only the entries inside the
 *    unit's own prefix (ceiling >= t) and the length window [ceil(t n / 100), floor(100 n / t)] (2);
 * 2. signature (6): read from the list entry, it bounds the overlap before the unit's own memory
 *    is touched;
 * 3. position (5): the first meeting bounds the overlap by min(n - i, m - j), later meetings and
 *    the prefixes refine it;
 * 4. count (3): candidates in order of their bound; the exact multiset overlap (a pass over the
 *    unit's tokens) must reach ceil(t max(n, m) / 100);
 * 5. verify with bit-parallel Myers into a top-k heap. Once the heap is full the bar rises to its
 *    weakest score and the window and the count bound tighten with it.
 *
 * Phases: the query runs first at threshold 90, then 75, then its own. A phase finds every unit
 * scoring at least its threshold; if it fills the top k, no unit it skipped (scoring below the
 * phase threshold, so below the k-th hit) could enter, and the answer is final. A phase with a high
 * threshold is cheap (short prefix, narrow window), and queries with good matches stop there.
 *
 * Where each part lives: the token order and signature table in query-tokens.ts, steps 1-3 in
 * candidates.ts, steps 4-5 in verify-candidates.ts (the 101 rule on hashes: unit-context-match.ts).
 *
 * Scratch arrays grow to the largest query and memory seen and are reused; per-slot state is reset
 * by an epoch stamp, not by clearing. A query allocates the hits it returns and little else (the
 * keys of non-ASCII tokens, the names of tags).
 */
export class QueryEngine {
  readonly stats: QueryStats = { postings: 0, candidates: 0, verified: 0 };
  private readonly encoder: SegmentEncoder;
  private readonly pattern = new QueryPattern();
  private readonly top = new TopK();
  private readonly context = emptyContextHash();
  private readonly tokens: QueryTokens;
  private readonly gatherer: CandidateGatherer;
  private readonly verifier: CandidateVerifier;

  constructor(
    private readonly store: UnitStore,
    lists: PostingLists,
    ranking: Ranking,
    private readonly vocab: Vocabulary,
  ) {
    this.encoder = new SegmentEncoder(vocab);
    this.tokens = new QueryTokens(ranking);
    this.gatherer = new CandidateGatherer(store, lists, this.stats);
    this.verifier = new CandidateVerifier(
      store,
      this.gatherer,
      this.encoder,
      this.pattern,
      this.context,
      this.top,
      this.stats,
    );
  }

  query(q: TmQuery): TmHit[] {
    const stats = this.stats;
    stats.postings = 0;
    stats.candidates = 0;
    stats.verified = 0;
    const threshold = effectiveThreshold(q.threshold);
    const limit = effectiveLimit(q.limit);
    const encoder = this.encoder;
    encoder.encode(q.text, false);
    const n = encoder.length;
    if (n === 0 || limit === 0 || this.store.live === 0) return [];
    this.pattern.set(encoder.classes, n, this.vocab.classCount);
    hashQueryContext(q, this.context);
    this.tokens.prepare(this.pattern);
    this.gatherer.prepareSlots();
    const filterT = threshold > 100 ? 100 : threshold;
    for (let p = 0; p <= PHASES.length; p++) {
      const phaseT = p < PHASES.length ? PHASES[p]! : filterT;
      if (phaseT < filterT) continue;
      this.top.reset(limit);
      const candidateCount = this.gatherer.collect(n, phaseT, this.pattern, this.tokens);
      this.verifier.verify(n, candidateCount, phaseT, threshold > phaseT ? threshold : phaseT);
      if (this.top.isFull || phaseT === filterT) break;
    }
    return this.top.drain();
  }
}
