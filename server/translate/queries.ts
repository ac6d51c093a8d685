import type { MatchContext } from '../memories/registry';
import type { Queryable } from '../db/storage';

/** The reads `POST /v2/translate` makes. Every read is scoped to the organization. */
export function translateQueries(db: Queryable) {
  /** The source next to `idx` in a document, before or after it. */
  const neighbour = async (documentId: number, idx: number, side: 'before' | 'after') => {
    const row = await db
      .selectFrom('segments')
      .select('source')
      .where('document_id', '=', documentId)
      .where('idx', side === 'before' ? '<' : '>', idx)
      .orderBy('idx', side === 'before' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
    return row?.source ?? null;
  };

  return {
    /** The memory's language pair, or undefined when the organization has no such memory. */
    memoryPair: (orgId: number, memoryId: number) =>
      db
        .selectFrom('memories')
        .select(['srclang', 'trglang'])
        .where('id', '=', memoryId)
        .where('org_id', '=', orgId)
        .executeTakeFirst(),

    /**
     * The TM context of a document segment: the sources of the segments before and after it in
     * its document (by `idx`), and its context key. Null when the organization has no such segment.
     */
    async segmentContext(orgId: number, segmentId: number): Promise<MatchContext | null> {
      const segment = await db
        .selectFrom('segments')
        .select(['document_id', 'idx', 'context_key'])
        .where('id', '=', segmentId)
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      if (!segment) return null;
      const { document_id: documentId, idx, context_key: contextKey } = segment;
      // A segment outside any document (POST /v2/segments) has no neighbours.
      if (documentId === null) return { prevSource: null, nextSource: null, contextKey };
      const [prevSource, nextSource] = await Promise.all([
        neighbour(documentId, idx, 'before'),
        neighbour(documentId, idx, 'after'),
      ]);
      return { prevSource, nextSource, contextKey };
    },
  };
}
