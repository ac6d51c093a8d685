import type {
  ConcordanceHit,
  ConcordanceResponse,
  ConcordanceSide,
} from '../../shared/api/concordance';
import type { Storage } from '../db/storage';
import { badRequest } from '../http/http-error';
import { phraseRanges, queryWords } from '../tm/concordance-ranges';
import { hasConcordance } from '../tm/concordance-tm-index';
import { createConcordanceBuilds } from './concordance-build';
import { matchQueries } from './match-queries';
import { entryMetadata, type TmRegistry } from './registry';

export interface ConcordanceSearch {
  q: string;
  n: number;
  in: ConcordanceSide;
}

/** The memory's concordance index is being built: this many units of `total` are in. */
export interface ConcordanceIndexing {
  indexing: { done: number; total: number };
}

/**
 * Concordance: the units of a memory whose source or target holds a word or phrase. The index
 * finds the units (server/tm/concordance-index.ts), built on the memory's first search
 * (concordance-build.ts); their rows are read once found, and the phrase's ranges computed on
 * the texts as stored, so the renderer marks them without parsing.
 */
export function createConcordance(storage: Storage, tm: TmRegistry) {
  const matches = matchQueries(storage.db);
  const whenBuilt = createConcordanceBuilds(storage, tm);

  /** The answer; how far the index is when it is still building; null: no such memory. */
  return async (
    orgId: number,
    memoryId: number,
    search: ConcordanceSearch,
  ): Promise<ConcordanceResponse | ConcordanceIndexing | null> => {
    const words = queryWords(search.q);
    if (words.length === 0) {
      throw badRequest('q has no word to look for: give at least one word or number');
    }
    const index = await tm.index(orgId, memoryId);
    if (!index) return null;
    if (!hasConcordance(index)) throw new Error('This TM engine has no concordance index');
    const readiness = await whenBuilt(memoryId, index);
    if (!('built' in readiness)) return { indexing: readiness };
    const found = readiness.built.search({ text: search.q, in: search.in, limit: search.n });
    if (found.hits.length === 0) return { hits: [], capped: found.capped };
    const rows = await matches.matchedUnits(
      orgId,
      memoryId,
      found.hits.map((hit) => hit.id),
    );
    if (!rows) return null;
    const hits: ConcordanceHit[] = [];
    for (const hit of found.hits) {
      const unit = rows.units.get(hit.id);
      // Deleted since the search: another process's change not yet applied here.
      if (!unit) continue;
      const sourceRanges = search.in === 'target' ? [] : phraseRanges(unit.source, words);
      const targetRanges = search.in === 'source' ? [] : phraseRanges(unit.target, words);
      if (sourceRanges.length === 0 && targetRanges.length === 0) continue;
      hits.push({
        source: unit.source,
        target: unit.target,
        source_ranges: sourceRanges,
        target_ranges: targetRanges,
        metadata: entryMetadata(unit, memoryId, rows.memoryName),
      });
    }
    return { hits, capped: found.capped };
  };
}
