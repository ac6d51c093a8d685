import type { Dialect, Queryable } from '../db/storage';
import { NO_COUNTERS, progressCounters } from './progress-counter-queries';
import { visible } from './segment-rows';

/** Ids per `IN (...)` list, under both limits with room for the other parameters. */
const IDS_PER_LIST = 10_000;

/**
 * `POST /segments/review/unlock`: the organization's segments among `ids` no longer reviewed;
 * the ids of those, in the given order. Their documents are locked first (the lock order of
 * progress-counter-queries.ts); only rows still reviewed are written, and their documents'
 * `segments_reviewed` counts them.
 */
export async function unlockSegments(
  db: Queryable,
  dialect: Dialect,
  orgId: number,
  ids: number[],
): Promise<number[]> {
  const counters = progressCounters(db, dialect);
  const unique = [...new Set(ids)];
  const chunks: number[][] = [];
  for (let at = 0; at < unique.length; at += IDS_PER_LIST) {
    chunks.push(unique.slice(at, at + IDS_PER_LIST));
  }
  const found = new Map<number, number | null>();
  for (const chunk of chunks) {
    const rows = await db
      .selectFrom('segments as s')
      .select(['s.id', 's.document_id'])
      .where('s.id', 'in', chunk)
      .where('s.org_id', '=', orgId)
      .where(visible)
      .execute();
    for (const row of rows) found.set(row.id, row.document_id);
  }
  await counters.lockDocuments(found.values());
  const unlocked = new Map<number | null, number>();
  for (const chunk of chunks) {
    const mine = chunk.filter((id) => found.has(id));
    if (mine.length === 0) continue;
    // SQLite's RETURNING names no table alias, hence the bare table here.
    const rows = await db
      .updateTable('segments')
      .set({ is_reviewed: 0 })
      .where('id', 'in', mine)
      .where('is_reviewed', '<>', 0)
      .returning('document_id')
      .execute();
    for (const row of rows) unlocked.set(row.document_id, (unlocked.get(row.document_id) ?? 0) + 1);
  }
  for (const [documentId, count] of unlocked) {
    await counters.adjust(documentId, { ...NO_COUNTERS, segments_reviewed: -count });
  }
  return unique.filter((id) => found.has(id));
}
