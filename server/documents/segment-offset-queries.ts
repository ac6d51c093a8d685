import type { Segment } from '../../shared/api/segments';
import type { Dialect, Queryable } from '../db/storage';
import { segmentPages } from './segment-pages';
import { toWire, wireSelect } from './segment-rows';

/** What `GET /v2/documents/segments` reads: a page from a position, of all or the changed ones. */
export interface OffsetPageRequest {
  documentId: number;
  offset: number;
  limit: number;
  /** Only the segments changed at or after this second (epoch seconds). */
  updatedSince?: number;
}

/**
 * Pages of a document's segments by position, in (idx, id) order, for the editor to open a long
 * document a page at a time. A page of every segment finds its start with a narrow query (the
 * (idx, id) of the row before it: an index walk on SQLite, a sort of two integers on PostgreSQL)
 * and then reads the page as the JSON answer does (segment-pages.ts). The changed segments are
 * few (a pretranslation batch, a replace): they are filtered and paged in one query.
 */
export function segmentOffsetQueries(db: Queryable, dialect: Dialect) {
  const pages = segmentPages(db, dialect);

  async function count(documentId: number): Promise<number> {
    const row = await db
      .selectFrom('segments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('document_id', '=', documentId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The segment just before position `offset` (> 0), as a page cursor; null past the end. */
  async function cursorBefore(documentId: number, offset: number) {
    const row = await db
      .selectFrom('segments')
      .select(['idx', 'id'])
      .where('document_id', '=', documentId)
      .orderBy('idx')
      .orderBy('id')
      .limit(1)
      .offset(offset - 1)
      .executeTakeFirst();
    return row ? { index: row.idx, id: row.id } : null;
  }

  async function changed(request: OffsetPageRequest & { updatedSince: number }) {
    const rows = await wireSelect(db)
      .where('s.document_id', '=', request.documentId)
      .where('s.updated_at', '>=', request.updatedSince)
      .orderBy('s.idx')
      .orderBy('s.id')
      .limit(request.limit)
      .offset(request.offset)
      .execute();
    return rows.map(toWire);
  }

  return {
    /** The page, and how many segments the document has. */
    async page(request: OffsetPageRequest): Promise<{ total: number; segments: Segment[] }> {
      const { documentId, offset, limit, updatedSince } = request;
      const total = await count(documentId);
      if (updatedSince !== undefined) {
        return { total, segments: await changed({ ...request, updatedSince }) };
      }
      if (offset >= total) return { total, segments: [] };
      if (offset === 0) return { total, segments: await pages.page(documentId, null, limit) };
      const after = await cursorBefore(documentId, offset);
      return { total, segments: after ? await pages.page(documentId, after, limit) : [] };
    },
  };
}
