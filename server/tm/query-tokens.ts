import type { QueryPattern } from './pattern';
import { UNKNOWN_RANK, type Ranking } from './ranking';
import { SIGNATURE_WORDS, fillSignatureTable } from './signature';
import { UNKNOWN_CLASS } from './vocab';

/**
 * The query's distinct tokens as the candidate search reads them: in the global (rank) order, so
 * that its prefix holds the rarest tokens, and as the signature filter's table. Prepared once per
 * query; the arrays grow to the largest query seen and are reused.
 */
export class QueryTokens {
  /** Indexes into the pattern's distinct tokens, by ascending rank. */
  order = new Int32Array(64);
  /** How many of `order` are in use. */
  distinctCount = 0;
  /** For byte k of a unit signature, the query occurrences its bits may hold (signature.ts). */
  readonly signatureTable = new Int32Array(SIGNATURE_WORDS * 4 * 256);
  private rank = new Int32Array(64);
  private bits = new Int32Array(64);

  constructor(private readonly ranking: Ranking) {}

  prepare(pattern: QueryPattern): void {
    this.orderByRank(pattern);
    this.fillSignature(pattern);
  }

  /** Sorts the query's distinct tokens by rank (insertion sort: queries are short). */
  private orderByRank(pattern: QueryPattern): void {
    const count = pattern.distinctCount;
    if (this.order.length < count) {
      this.order = new Int32Array(count * 2);
      this.rank = new Int32Array(count * 2);
    }
    const order = this.order;
    const ranks = this.rank;
    const rankOf = this.ranking.rankOf;
    for (let k = 0; k < count; k++) {
      const id = pattern.distinct[k]!;
      const r = id === UNKNOWN_CLASS || id >= rankOf.length ? UNKNOWN_RANK : rankOf[id]!;
      let j = k;
      while (j > 0 && ranks[j - 1]! > r) {
        ranks[j] = ranks[j - 1]!;
        order[j] = order[j - 1]!;
        j--;
      }
      ranks[j] = r;
      order[j] = k;
    }
    this.distinctCount = count;
  }

  /** The signature filter's table for this query (signature.ts). */
  private fillSignature(pattern: QueryPattern): void {
    const count = pattern.distinctCount;
    if (this.bits.length < count) this.bits = new Int32Array(count * 2);
    const bits = this.bits;
    for (let k = 0; k < count; k++) {
      const id = pattern.distinct[k]!;
      // Words the memory has never seen are in no unit: they count for nothing.
      bits[k] = id === UNKNOWN_CLASS ? -1 : this.ranking.signatureBit(id);
    }
    fillSignatureTable(this.signatureTable, bits, pattern.multiplicity, count);
  }
}
