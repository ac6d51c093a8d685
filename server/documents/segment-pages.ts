import type { ExpressionBuilder } from 'kysely';
import type { Segment } from '../../shared/api/segments';
import type { Schema } from '../db/schema';
import type { Dialect, Queryable } from '../db/storage';
import { toWire, wireSelect } from './segment-rows';

/** Where a page starts: after this segment, in (index, id) order; null from the start. */
export type PageCursor = Pick<Segment, 'index' | 'id'> | null;

type WireTables = Schema & { s: Schema['segments']; m: Schema['memories']; u: Schema['users'] };

/** The segments after the cursor in (idx, id) order. */
const pastCursor =
  (after: NonNullable<PageCursor>) => (eb: ExpressionBuilder<WireTables, 's' | 'm' | 'u'>) =>
    eb(eb.refTuple('s.idx', 's.id'), '>', eb.tuple(after.index, after.id));

/**
 * Pages of a document's segments in (idx, id) order, for the JSON answer and the downloads.
 *
 * SQLite's index on (document_id, idx) holds the rowid (the id) too: `ORDER BY idx, id LIMIT n`
 * after a cursor walks it and reads n rows. PostgreSQL's index does not hold the id, and on a
 * freshly imported document (no statistics yet) the planner sorts every segment after the cursor
 * for each page: quadratic, 4 s of 40 ms queries for 60,000 segments in pages of 500. So there a
 * page is read in windows of indexes, each a range of the index and a sort of its rows only. A
 * document's indexes are dense (0, 1, 2, ...), so the first window, as wide as the page, is
 * usually the whole page; past a gap the next window starts at the next index there is (which
 * the window's query answers too), twice as wide as the last, so a sparse document costs a few
 * more queries only.
 */
export function segmentPages(db: Queryable, dialect: Dialect) {
  const inOrder = (documentId: number) =>
    wireSelect(db).where('s.document_id', '=', documentId).orderBy('s.idx').orderBy('s.id');

  /** The lowest index of the document's segments from `from` on; null when there is none. */
  async function firstIndexFrom(documentId: number, from: number): Promise<number | null> {
    const row = await db
      .selectFrom('segments')
      .select((eb) => eb.fn.min('idx').as('idx'))
      .where('document_id', '=', documentId)
      .where('idx', '>=', from)
      .executeTakeFirst();
    return row?.idx ?? null;
  }

  async function inWindows(documentId: number, after: PageCursor, limit: number) {
    const page: Segment[] = [];
    // The first window: the cursor's index (the segments after it there) and `limit` more, or
    // from the start the indexes below `limit`. Each window is [from, end).
    let from = after ? after.index : null;
    let end = after ? after.index + 1 + limit : limit;
    for (let width = limit, first = true; ; width *= 2, first = false) {
      let query = inOrder(documentId)
        .where('s.idx', '<', end)
        // Where the next window would start, in the same round trip (computed once).
        .select((eb) =>
          eb
            .selectFrom('segments as n')
            .select((n) => n.fn.min('n.idx').as('idx'))
            .where('n.document_id', '=', documentId)
            .where('n.idx', '>=', end)
            .as('next_index'),
        );
      if (from !== null) query = query.where('s.idx', '>=', from);
      if (first && after) query = query.where(pastCursor(after));
      const rows = await query.limit(limit - page.length).execute();
      for (const { next_index: _, ...row } of rows) page.push(toWire(row));
      if (page.length >= limit) break;
      from = rows.length > 0 ? rows[0]!.next_index : await firstIndexFrom(documentId, end);
      if (from === null) break;
      end = from + width * 2;
    }
    return page;
  }

  return {
    /** Up to `limit` of a document's segments in order, after `after` (null: from the start). */
    async page(documentId: number, after: PageCursor, limit: number): Promise<Segment[]> {
      if (dialect === 'postgres') return inWindows(documentId, after, limit);
      let query = inOrder(documentId);
      if (after) query = query.where(pastCursor(after));
      return (await query.limit(limit).execute()).map(toWire);
    },
  };
}
