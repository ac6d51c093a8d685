import type { MatchContext } from '../memories/registry';
import type { Database } from '../db/db';

interface SegmentRow {
  document_id: number | null;
  idx: number;
  context_key: string | null;
}

/**
 * The TM context of a document segment: the sources of the segments before and after it in its
 * document (by `idx`), and its context key. Null when the organization has no such segment.
 */
export function createSegmentContextReader(db: Database) {
  const segmentOf = db.prepare<[number, number], SegmentRow>(
    'SELECT document_id, idx, context_key FROM segments WHERE id = ? AND org_id = ?',
  );
  const previous = db.prepare<[number, number], { source: string }>(
    'SELECT source FROM segments WHERE document_id = ? AND idx < ? ORDER BY idx DESC LIMIT 1',
  );
  const next = db.prepare<[number, number], { source: string }>(
    'SELECT source FROM segments WHERE document_id = ? AND idx > ? ORDER BY idx ASC LIMIT 1',
  );

  return (orgId: number, segmentId: number): MatchContext | null => {
    const segment = segmentOf.get(segmentId, orgId);
    if (!segment) return null;
    const { document_id: documentId, idx, context_key: contextKey } = segment;
    // A segment outside any document (POST /v2/segments) has no neighbours.
    if (documentId === null) return { prevSource: null, nextSource: null, contextKey };
    return {
      prevSource: previous.get(documentId, idx)?.source ?? null,
      nextSource: next.get(documentId, idx)?.source ?? null,
      contextKey,
    };
  };
}
