import {
  MAX_BATCH_TEXT,
  type SegmentBatchParameters,
  type SegmentBatchResponse,
} from '../../shared/api/segments';
import type { Storage } from '../db/storage';
import { nowSeconds } from '../db/time';
import { documentQueries } from '../documents/document-queries';
import { segmentQueries } from '../documents/segment-queries';
import { badRequest, HttpError, notFound } from '../http/http-error';
import type { TmRegistry } from '../memories/registry';
import { batchQueries } from './batch-queries';
import { reviewAfterSave, writeUnit, type Writer } from './segment-writes';
import type { WorkflowAdvance } from '../workflows/advance';

/** What is wrong with a batch before anything is read: the whole call is refused. */
function checkBatch({ segments }: SegmentBatchParameters): void {
  const seen = new Set<number>();
  let text = 0;
  segments.forEach((item, at) => {
    if (seen.has(item.id))
      throw badRequest(`segments[${at}].id: segment ${item.id} is listed twice`);
    seen.add(item.id);
    if (item.is_confirmed !== false && item.target.trim() === '') {
      throw badRequest(
        `segments[${at}].target: must not be empty to confirm a segment (is_confirmed false clears it)`,
      );
    }
    text += item.target.length + item.expected_target.length;
  });
  if (text > MAX_BATCH_TEXT) {
    throw new HttpError(
      413,
      `segments: ${text.toLocaleString('en')} characters of targets in one call, over the limit ` +
        `of ${MAX_BATCH_TEXT.toLocaleString('en')}; send them in several calls`,
    );
  }
}

/**
 * `PUT /v2/documents/segments`: many targets of one document in ONE transaction of the TM
 * registry, all or nothing. Each segment is saved as `PUT /v2/segments` saves it (a confirmed one
 * writes its unit into the memory; a draft writes nothing there), unless its target is no longer
 * `expected_target`: someone changed it since, and it is left as it is and answered apart.
 */
export function createBatchWrites(
  storage: Storage,
  tm: TmRegistry,
  workflows?: Pick<WorkflowAdvance, 'segmentsSaved'>,
) {
  const { dialect } = storage;
  return async (writer: Writer, params: SegmentBatchParameters): Promise<SegmentBatchResponse> => {
    checkBatch(params);
    const answer = await tm.write(async (w) => {
      const q = segmentQueries(w.tx, dialect);
      // The document before its segments, as every write of them (documents/README.md). Not
      // FOR UPDATE: a QA ignore's insert holds a segment and then takes a key share of it.
      await q.lockDocuments([params.document_id]);
      const document = await documentQueries(w.tx, dialect).ref(writer.orgId, params.document_id);
      if (!document) throw notFound(`Document ${params.document_id} not found`);
      const ids = params.segments.map((item) => item.id);
      const rows = new Map(
        (await batchQueries(w.tx, dialect).rows(writer.orgId, document.id, ids)).map((row) => [
          row.id,
          row,
        ]),
      );
      const missing = ids.filter((id) => !rows.has(id));
      if (missing.length > 0) {
        throw notFound(
          `Segments not found in document ${document.id}: ${missing.slice(0, 20).join(', ')}` +
            (missing.length > 20 ? ` and ${missing.length - 20} more` : ''),
        );
      }
      const now = nowSeconds();
      const saved: number[] = [];
      const changedSince: number[] = [];
      for (const item of params.segments) {
        const row = rows.get(item.id)!;
        if (row.target !== item.expected_target) {
          changedSince.push(row.id);
          continue;
        }
        const confirm = item.is_confirmed !== false;
        const hasTarget = item.target !== '';
        await q.setTarget(row, {
          target: item.target,
          isConfirmed: confirm,
          targetOrigin: hasTarget ? (item.target_origin ?? 'user') : null,
          matchScore: hasTarget ? (item.match_score ?? null) : null,
          memoryUnitId: confirm
            ? await writeUnit(w, q, row, item.target, writer, 'editor')
            : row.memory_unit_id,
          isReviewed: reviewAfterSave(confirm, row.target, item.target),
          userId: writer.userId,
          now,
        });
        saved.push(row.id);
      }
      const reads = batchQueries(w.tx, dialect);
      return { saved: await reads.wire(saved), changed_since: await reads.wire(changedSince) };
    });
    // Committed: a project with a workflow moves on when these were its stage's last segments.
    if (answer.saved.length > 0) await workflows?.segmentsSaved(params.document_id, writer.userId);
    return answer;
  };
}

export type BatchWrites = ReturnType<typeof createBatchWrites>;
