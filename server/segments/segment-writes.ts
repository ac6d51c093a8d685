import type {
  Segment,
  SegmentCreateParameters,
  SegmentUpdateParameters,
  TargetOrigin,
} from '../../shared/api/segments';
import { badRequest, notFound } from '../http/http-error';
import type { TmRegistry, UnitWriter } from '../memories/registry';
import type { Storage } from '../db/storage';
import { documentQueries } from '../documents/document-queries';
import { segmentQueries, type SegmentQueries, type SegmentRow } from '../documents/segment-queries';
import { nowSeconds } from '../db/time';
import { wordCount } from '../documents/word-count';
import { sourcesOf } from './segment-sources';
import type { WorkflowAdvance } from '../workflows/advance';

/** Who is writing. */
export interface Writer {
  orgId: number;
  userId: number;
}

export const segmentNotFound = (id: number) => notFound(`Segment ${id} not found`);

/**
 * The review a saved segment keeps: a draft, or a translation changed since its review, is no
 * longer reviewed; otherwise what was asked (`undefined` leaves it as it is).
 */
export function reviewAfterSave(
  confirm: boolean,
  before: string,
  after: string,
  asked?: boolean,
): boolean | undefined {
  return !confirm || (asked === undefined && after !== before) ? false : asked;
}

/** Writes (or rewrites) the unit of a confirmed segment; the unit's id. */
export async function writeUnit(
  w: UnitWriter,
  q: SegmentQueries,
  row: SegmentRow,
  target: string,
  writer: Writer,
  origin: string,
): Promise<number> {
  const unit = {
    source: row.source,
    target,
    contextKey: row.context_key,
    ...(await q.context(row)),
  };
  const earlier =
    row.memory_unit_id === null ? null : await w.update(row.memory_id, row.memory_unit_id, unit);
  return (earlier ?? (await w.add(row.memory_id, { ...unit, origin, createdBy: writer.userId })))
    .id;
}

/**
 * The segment changes that reach the memory: each runs in ONE transaction of the TM registry
 * (`tm.write`): the segment's queries run on its `tx`, so a segment and the unit written from it
 * commit together, and the index follows only after the commit. A segment changed is read with
 * its row locked on PostgreSQL, so two confirmations of one segment never write two units.
 */
export function createSegmentWrites(
  storage: Storage,
  tm: TmRegistry,
  workflows?: Pick<WorkflowAdvance, 'segmentsSaved'>,
) {
  const { dialect } = storage;

  /**
   * Where new segments go: the document's memory and end (its row locked on PostgreSQL, so two
   * appends never take one index), or the memory alone.
   */
  async function destination(w: UnitWriter, writer: Writer, params: SegmentCreateParameters) {
    if (params.document_id !== undefined) {
      const document = await documentQueries(w.tx, dialect).ref(
        writer.orgId,
        params.document_id,
        true,
      );
      if (!document) throw notFound(`Document ${params.document_id} not found`);
      if (params.memory_id !== undefined && params.memory_id !== document.memory_id) {
        throw badRequest(
          `memory_id: ${params.memory_id} is not the memory of document ${document.id} ` +
            `(${document.memory_id}); leave it out with document_id`,
        );
      }
      return { documentId: document.id, memoryId: document.memory_id };
    }
    if (params.memory_id === undefined) throw badRequest('memory_id: is required (or document_id)');
    if (!(await segmentQueries(w.tx, dialect).memoryExists(writer.orgId, params.memory_id))) {
      throw notFound(`Memory ${params.memory_id} not found`);
    }
    return { documentId: null, memoryId: params.memory_id };
  }

  return {
    /** `POST /v2/segments`: the new segments (one unless segmentation split the source). */
    create(writer: Writer, params: SegmentCreateParameters): Promise<Segment[]> {
      const target = params.target ?? '';
      const sources = sourcesOf(params);
      return tm.write(async (w) => {
        const q = segmentQueries(w.tx, dialect);
        const { documentId, memoryId } = await destination(w, writer, params);
        let index = documentId === null ? 0 : await q.nextIndex(documentId);
        const now = nowSeconds();
        const ids: number[] = [];
        for (const source of sources) {
          // Inserted with its target, so that it starts at revision 1 like any other segment.
          const id = await q.insert({
            orgId: writer.orgId,
            documentId,
            memoryId,
            index,
            source,
            target,
            isConfirmed: target !== '',
            matchScore: null,
            targetOrigin: target === '' ? null : 'user',
            note: null,
            contextKey: null,
            memoryUnitId: null,
            wordCount: wordCount(source),
            now,
          });
          if (documentId !== null) index += 1;
          if (target !== '') {
            const row = (await q.row(writer.orgId, id)) as SegmentRow;
            const unitId = await writeUnit(w, q, row, target, writer, 'api');
            await q.setTarget(row, {
              target,
              isConfirmed: true,
              targetOrigin: 'user',
              matchScore: null,
              memoryUnitId: unitId,
              userId: writer.userId,
              now,
            });
          }
          ids.push(id);
        }
        const created: Segment[] = [];
        for (const id of ids) created.push((await q.get(writer.orgId, id)) as Segment);
        return created;
      });
    },

    /**
     * `PUT /v2/segments`: confirmed (the default) writes the unit into the segment's memory,
     * updating the one written earlier if it still exists; a draft writes nothing there.
     */
    async update(writer: Writer, params: SegmentUpdateParameters): Promise<Segment> {
      const confirm = params.is_confirmed !== false;
      if (confirm && params.target.trim() === '') {
        throw badRequest(
          'target: must not be empty to confirm a segment (is_confirmed false clears it)',
        );
      }
      if (!confirm && params.is_reviewed === true) {
        throw badRequest(
          'is_reviewed: a draft cannot be reviewed; confirm the segment to review it',
        );
      }
      const saved = await tm.write(async (w) => {
        const q = segmentQueries(w.tx, dialect);
        // The document before the segment, as every write of its segments (progress counters).
        await q.lockDocumentOf(params.id);
        const row = await q.row(writer.orgId, params.id, true);
        if (!row) throw segmentNotFound(params.id);
        const hasTarget = params.target !== '';
        // Reviewing the confirmed translation as it stands changes only the review: its origin
        // (MT, TM) and score stay, and the memory already holds the unit.
        const reviewOnly =
          params.is_reviewed !== undefined &&
          confirm &&
          row.is_confirmed === 1 &&
          row.target === params.target &&
          row.memory_unit_id !== null;
        const unitId =
          confirm && !reviewOnly
            ? await writeUnit(w, q, row, params.target, writer, 'editor')
            : row.memory_unit_id;
        await q.setTarget(row, {
          target: params.target,
          isConfirmed: confirm,
          // The column's CHECK allows only TargetOrigin values.
          targetOrigin: reviewOnly
            ? (row.target_origin as TargetOrigin | null)
            : hasTarget
              ? 'user'
              : null,
          matchScore: reviewOnly
            ? row.match_score
            : hasTarget
              ? (params.match_score ?? null)
              : null,
          memoryUnitId: unitId,
          isReviewed: reviewAfterSave(confirm, row.target, params.target, params.is_reviewed),
          userId: writer.userId,
          now: nowSeconds(),
        });
        return (await q.get(writer.orgId, row.id)) as Segment;
      });
      // Committed: a project with a workflow moves on when this was its stage's last segment
      // (confirmed in TRANSLATE, reviewed in REVIEW).
      if (confirm) await workflows?.segmentsSaved(saved.document_id, writer.userId);
      return saved;
    },

    /**
     * `DELETE /v2/segments`: removes the unit written from the segment from its memory ("deletes
     * from memory only"); a segment without a document goes too. `deleted` says whether anything
     * was removed.
     */
    remove(writer: Writer, id: number): Promise<boolean> {
      return tm.write(async (w) => {
        const q = segmentQueries(w.tx, dialect);
        await q.lockDocumentOf(id);
        const row = await q.row(writer.orgId, id, true);
        if (!row) throw segmentNotFound(id);
        let deleted =
          row.memory_unit_id !== null && (await w.remove(row.memory_id, row.memory_unit_id));
        if (row.document_id === null) deleted = (await q.remove(row)) || deleted;
        return deleted;
      });
    },

    /** `POST /segments/review/unlock`: the organization's segments among `ids`, unlocked. */
    unlock: (orgId: number, ids: number[]): Promise<number[]> =>
      storage.transaction((tx) => segmentQueries(tx, dialect).unlock(orgId, ids)),
  };
}

export type SegmentWrites = ReturnType<typeof createSegmentWrites>;
