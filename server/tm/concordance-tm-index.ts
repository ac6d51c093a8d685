import { LazyConcordance } from './concordance-lazy';
import { createTmIndex, type TmIndexOptions, type TmIndexWithStats } from './tm-index';
import type { TmIndex, TmUnit } from './types';

/** A memory's fuzzy index that also answers concordance searches (its units' words). */
export interface ConcordantTmIndex extends TmIndexWithStats {
  /** Built on the first concordance search (concordance-lazy.ts). */
  readonly concordance: LazyConcordance;
}

/** Whether `index` answers concordance searches (a test's engine may make plain ones). */
export function hasConcordance(index: TmIndex): index is ConcordantTmIndex {
  return (index as Partial<ConcordantTmIndex>).concordance instanceof LazyConcordance;
}

/**
 * The fuzzy index (tm-index.ts) and a concordance index fed by the same adds and removals, so
 * both hold the same units once the concordance is built; until its first search it costs
 * nothing (concordance-lazy.ts). The fuzzy one knows only the sources' token classes; the
 * concordance needs targets too, and words folded without accents.
 */
export function createConcordantTmIndex(options: TmIndexOptions = {}): ConcordantTmIndex {
  const fuzzy = createTmIndex(options);
  const words = new LazyConcordance();
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
    reserve: (units) => fuzzy.reserve(units),
    concordance: words,
  };
}
