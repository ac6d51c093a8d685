import type { SegmentLookup } from './best-score';
import type { LeverageDocument, LeverageQueries, LeverageSegment } from './queries';

/** Indexes read per window: a short read, even on SQLite where it holds the event loop. */
const WINDOW = 2000;

export interface DocumentSegment extends SegmentLookup {
  id: number;
}

const lookupOf = (
  segment: LeverageSegment,
  prevSource: string | null,
  nextSource: string | null,
): DocumentSegment => ({
  id: segment.id,
  source: segment.source,
  contextKey: segment.context_key,
  prevSource,
  nextSource,
});

/**
 * A document's segments in index order, a window at a time, each with its context as the editor
 * gives it (translate/queries.ts): the sources of the nearest segments before and after it by
 * index (null at either end), and its context key. A window's last segment waits for the next
 * window, which holds its next neighbour. `window`: indexes per read (tests make it small).
 */
export async function* documentPages(
  reads: LeverageQueries,
  orgId: number,
  document: LeverageDocument,
  window = WINDOW,
): AsyncGenerator<DocumentSegment[]> {
  let waiting: LeverageSegment | null = null;
  let waitingPrev: string | null = null;
  for (let from = document.firstIdx; from <= document.lastIdx; from += window) {
    const rows = await reads.segmentWindow(orgId, document.id, from, from + window);
    const page: DocumentSegment[] = [];
    for (const row of rows) {
      if (waiting) {
        page.push(lookupOf(waiting, waitingPrev, row.source));
        waitingPrev = waiting.source;
      }
      waiting = row;
    }
    if (page.length > 0) yield page;
  }
  if (waiting) yield [lookupOf(waiting, waitingPrev, null)];
}
