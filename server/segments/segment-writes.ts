import type {
  Segment,
  SegmentCreateParameters,
  SegmentUpdateParameters,
} from '../../shared/api/segments';
import { segmentSentences } from '../formats/segmentation';
import { badRequest, notFound } from '../http/http-error';
import type { TmRegistry, UnitWriter } from '../memories/registry';
import type { Database } from '../db/db';
import type { SegmentRow, SegmentStore } from '../documents/segment-queries';
import { nowSeconds } from '../db/time';
import type { DocumentRecords } from '../documents/document-store';
import { wordCount } from '../documents/word-count';

/** Who is writing. */
export interface Writer {
  orgId: number;
  userId: number;
}

export const segmentNotFound = (id: number) => notFound(`Segment ${id} not found`);

/**
 * The segment changes that reach the memory: each runs in ONE transaction of the TM registry
 * (`tm.write`), so a segment and the unit written from it commit together and the index follows
 * only after the commit.
 */
export function createSegmentWrites(db: Database, tm: TmRegistry, records: DocumentRecords) {
  const segments: SegmentStore = records.segments;
  const memoryOf = db.prepare<[number, number], { id: number }>(
    'SELECT id FROM memories WHERE id = ? AND org_id = ?',
  );

  /** Writes (or rewrites) the unit of a confirmed segment; the unit's id. */
  function writeUnit(
    w: UnitWriter,
    row: SegmentRow,
    target: string,
    writer: Writer,
    origin: string,
  ) {
    const unit = {
      source: row.source,
      target,
      contextKey: row.context_key,
      ...segments.context(row),
    };
    const earlier =
      row.memory_unit_id === null ? null : w.update(row.memory_id, row.memory_unit_id, unit);
    return (earlier ?? w.add(row.memory_id, { ...unit, origin, createdBy: writer.userId })).id;
  }

  /** Where new segments go: the document's memory and end, or the memory alone. */
  function destination(writer: Writer, params: SegmentCreateParameters) {
    if (params.document_id !== undefined) {
      const document = records.ref(writer.orgId, params.document_id);
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
    if (!memoryOf.get(params.memory_id, writer.orgId)) {
      throw notFound(`Memory ${params.memory_id} not found`);
    }
    return { documentId: null, memoryId: params.memory_id };
  }

  function sourcesOf(params: SegmentCreateParameters): string[] {
    if (!params.shouldApplySegmentation) return [params.source];
    if (!params.srcLang) throw badRequest('srcLang: is required with shouldApplySegmentation');
    const pieces = segmentSentences(params.source, params.srcLang)
      .map((piece) => piece.trim())
      .filter((piece) => piece !== '');
    if (params.target && pieces.length > 1) {
      throw badRequest(
        `target: cannot be given when shouldApplySegmentation splits the source (${pieces.length} sentences)`,
      );
    }
    return pieces.length > 0 ? pieces : [params.source];
  }

  return {
    /** `POST /v2/segments`: the new segments (one unless segmentation split the source). */
    create(writer: Writer, params: SegmentCreateParameters): Segment[] {
      const target = params.target ?? '';
      const sources = sourcesOf(params);
      const ids = tm.write((w) => {
        const { documentId, memoryId } = destination(writer, params);
        let index = documentId === null ? 0 : segments.nextIndex(documentId);
        const now = nowSeconds();
        return sources.map((source) => {
          // Inserted with its target, so that it starts at revision 1 like any other segment.
          const id = segments.insert({
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
            const row = segments.row(writer.orgId, id) as SegmentRow;
            const unitId = writeUnit(w, row, target, writer, 'api');
            segments.setTarget(id, {
              target,
              isConfirmed: true,
              targetOrigin: 'user',
              matchScore: null,
              memoryUnitId: unitId,
              now,
            });
          }
          return id;
        });
      });
      return ids.map((id) => segments.get(writer.orgId, id) as Segment);
    },

    /**
     * `PUT /v2/segments`: confirmed (the default) writes the unit into the segment's memory,
     * updating the one written earlier if it still exists; a draft writes nothing there.
     */
    update(writer: Writer, params: SegmentUpdateParameters): Segment {
      const confirm = params.is_confirmed !== false;
      if (confirm && params.target.trim() === '') {
        throw badRequest(
          'target: must not be empty to confirm a segment (is_confirmed false clears it)',
        );
      }
      tm.write((w) => {
        const row = segments.row(writer.orgId, params.id);
        if (!row) throw segmentNotFound(params.id);
        const hasTarget = params.target !== '';
        const unitId = confirm
          ? writeUnit(w, row, params.target, writer, 'editor')
          : row.memory_unit_id;
        segments.setTarget(row.id, {
          target: params.target,
          isConfirmed: confirm,
          targetOrigin: hasTarget ? 'user' : null,
          matchScore: hasTarget ? (params.match_score ?? null) : null,
          memoryUnitId: unitId,
          now: nowSeconds(),
        });
      });
      return segments.get(writer.orgId, params.id) as Segment;
    },

    /**
     * `DELETE /v2/segments`: removes the unit written from the segment from its memory ("deletes
     * from memory only"); a segment without a document goes too. `deleted` says whether anything
     * was removed.
     */
    remove(writer: Writer, id: number): boolean {
      return tm.write((w) => {
        const row = segments.row(writer.orgId, id);
        if (!row) throw segmentNotFound(id);
        let deleted = row.memory_unit_id !== null && w.remove(row.memory_id, row.memory_unit_id);
        if (row.document_id === null) deleted = segments.remove(id) || deleted;
        return deleted;
      });
    },
  };
}

export type SegmentWrites = ReturnType<typeof createSegmentWrites>;
