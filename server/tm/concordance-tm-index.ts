import {
  ConcordanceIndex,
  type ConcordanceQuery,
  type ConcordanceResult,
} from './concordance-index';
import { createTmIndex, type TmIndexOptions, type TmIndexWithStats } from './tm-index';
import type { TmIndex, TmUnit } from './types';

/** A memory's fuzzy index that also answers concordance searches (its units' words). */
export interface ConcordantTmIndex extends TmIndexWithStats {
  concordance(query: ConcordanceQuery): ConcordanceResult;
}

/** Whether `index` answers concordance searches (a test's engine may make plain ones). */
export function hasConcordance(index: TmIndex): index is ConcordantTmIndex {
  return typeof (index as Partial<ConcordantTmIndex>).concordance === 'function';
}

/**
 * The fuzzy index (tm-index.ts) and a concordance index fed by the same adds and removals, so
 * both always hold the same units. The fuzzy one knows only the sources' token classes; the
 * concordance needs targets too, and words folded without accents.
 */
export function createConcordantTmIndex(options: TmIndexOptions = {}): ConcordantTmIndex {
  const fuzzy = createTmIndex(options);
  const words = new ConcordanceIndex();
  return {
    get size() {
      return fuzzy.size;
    },
    get lastQuery() {
      return fuzzy.lastQuery;
    },
    get builds() {
      return fuzzy.builds;
    },
    add(unit: TmUnit) {
      fuzzy.add(unit);
      words.add(unit.id, unit.source, unit.target);
    },
    remove(id: number) {
      words.remove(id);
      return fuzzy.remove(id);
    },
    query: (q) => fuzzy.query(q),
    prepare: () => fuzzy.prepare(),
    buildStep: (budgetMs) => fuzzy.buildStep(budgetMs),
    reserve(units) {
      fuzzy.reserve(units);
      words.reserve(units);
    },
    concordance: (query) => words.search(query),
  };
}
