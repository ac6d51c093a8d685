import { randomUUID } from 'node:crypto';
import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import type { DocumentFormat, Pretranslate } from '../../shared/api/documents';
import type { ExtractedSegment } from '../formats/documents';
import type { Database } from '../db/db';
import { createSegmentStore, type NewSegment } from './segment-queries';
import { nowSeconds } from '../db/time';
import type { WorkQueue } from '../work/queue';
import type { ProjectRef } from './document-store';
import { wordCount } from './word-count';

/** The work kind of pretranslation; its payload is `{documentId, token}`. */
export const PRETRANSLATE_DOCUMENT = 'document-pretranslate';

/** Segment rows written per transaction: a few milliseconds each, then other requests' turn. */
const SLICE = 1_000;
/** Characters of the skeleton per stored part (and per transaction). */
export const SKELETON_PART_CHARS = 1024 * 1024;

export interface NewDocumentImport {
  orgId: number;
  project: ProjectRef;
  name: string;
  format: DocumentFormat;
  skeletonJson: string;
  segments: ExtractedSegment[];
  pretranslate: Pretranslate | null;
  autoAccept: boolean;
}

/**
 * Writes a new document without holding the event loop: the row first, hidden
 * (`import_in_progress`: no route finds it), then its skeleton in parts of 1 MiB characters and
 * its segments in transactions of 1,000 rows, with a
 * turn for other requests between them, then one small transaction that shows it and queues its
 * pretranslation. A failure deletes what was written; a crash leaves a hidden document that the
 * next start deletes (`discardUnfinished`). So an import is seen whole or not at all.
 */
export function createDocumentImporter(db: Database, work: WorkQueue) {
  const segments = createSegmentStore(db);
  const insert = db.prepare(
    `INSERT INTO documents (org_id, project_id, name, srclang, trglang, import_in_progress,
       format, pretranslate_mode, auto_accept, created_at, updated_at)
     VALUES (@orgId, @projectId, @name, @srclang, @trglang, 1, @format, @mode, @autoAccept,
       @now, @now)`,
  );
  const insertPart = db.prepare<[number, number, string]>(
    'INSERT INTO document_skeleton_parts (document_id, part, text) VALUES (?, ?, ?)',
  );
  const show = db.prepare(
    `UPDATE documents SET import_in_progress = 0, import_succeeded = 1,
       is_pretranslating = @isPretranslating, pretranslation = @pretranslation,
       to_pretranslate = @toPretranslate, pretranslate_token = @token, updated_at = @now
     WHERE id = @id`,
  );
  const remove = db.prepare<[number]>('DELETE FROM documents WHERE id = ?');
  const exists = db.prepare<[number], { id: number }>('SELECT id FROM documents WHERE id = ?');
  const removeUnfinished = db.prepare('DELETE FROM documents WHERE import_in_progress = 1');

  const begin = db.transaction((input: NewDocumentImport, now: number): number => {
    const { project } = input;
    const id = Number(
      insert.run({
        orgId: input.orgId,
        projectId: project.id,
        name: input.name,
        srclang: project.srclang,
        trglang: project.trglang,
        format: input.format,
        mode: input.pretranslate,
        autoAccept: input.autoAccept ? 1 : 0,
        now,
      }).lastInsertRowid,
    );
    return id;
  }).immediate;

  const insertSlice = db.transaction((rows: ExtractedSegment[], row: NewSegment) => {
    for (const segment of rows) {
      const target = segment.target ?? '';
      row.index = segment.index;
      row.source = segment.source;
      row.target = target;
      // A final translation in the file counts as confirmed; a fuzzy one is a draft.
      row.isConfirmed = target !== '' && segment.isFuzzy !== true;
      row.targetOrigin = target === '' ? null : 'file';
      row.note = segment.note;
      row.contextKey = segment.contextKey;
      row.wordCount = wordCount(segment.source);
      segments.insert(row);
    }
  }).immediate;

  const publish = db.transaction((id: number, input: NewDocumentImport, now: number) => {
    const untranslated = input.segments.filter((s) => !s.target).length;
    const pretranslating = input.pretranslate !== null && untranslated > 0;
    const token = pretranslating ? randomUUID() : null;
    show.run({
      id,
      isPretranslating: pretranslating ? 1 : 0,
      pretranslation: pretranslating ? 'pending' : 'idle',
      toPretranslate: pretranslating ? untranslated : 0,
      token,
      now,
    });
    if (pretranslating) work.enqueue(PRETRANSLATE_DOCUMENT, { documentId: id, token });
  }).immediate;

  /**
   * Stores the document: its id once every segment is written and it is visible, or null when
   * its project was deleted meanwhile (the document went with it).
   */
  async function importDocument(input: NewDocumentImport): Promise<number | null> {
    const now = nowSeconds();
    const id = begin(input, now);
    try {
      // One object, refilled per segment: a 100,000-segment file allocates no more than it must.
      const row: NewSegment = {
        orgId: input.orgId,
        documentId: id,
        memoryId: input.project.memory_id,
        index: 0,
        source: '',
        target: '',
        isConfirmed: false,
        matchScore: null,
        targetOrigin: null,
        note: null,
        contextKey: null,
        memoryUnitId: null,
        wordCount: 0,
        now,
      };
      const { skeletonJson } = input;
      for (let at = 0, part = 0; at < skeletonJson.length; at += SKELETON_PART_CHARS, part++) {
        await nextLoopTurn();
        if (!exists.get(id)) return null;
        insertPart.run(id, part, skeletonJson.slice(at, at + SKELETON_PART_CHARS));
      }
      for (let at = 0; at < input.segments.length; at += SLICE) {
        await nextLoopTurn();
        if (!exists.get(id)) return null;
        insertSlice(input.segments.slice(at, at + SLICE), row);
      }
      if (!exists.get(id)) return null;
      publish(id, input, now);
      return id;
    } catch (error) {
      remove.run(id);
      throw error;
    }
  }

  return {
    importDocument,
    /** Deletes the hidden documents that a crash left half-written (run at start). */
    discardUnfinished: (): number => removeUnfinished.run().changes,
  };
}

export type DocumentImporter = ReturnType<typeof createDocumentImporter>;
