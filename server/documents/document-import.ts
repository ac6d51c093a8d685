import { randomUUID } from 'node:crypto';
import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import type { DocumentFormat, Pretranslate } from '../../shared/api/documents';
import type { ExtractedSegment } from '../formats/documents';
import type { Queryable, Storage } from '../db/storage';
import { nowSeconds } from '../db/time';
import type { WorkQueue } from '../work/queue';
import type { ProjectRef } from './document-queries';
import { importQueries } from './import-queries';
import { segmentQueries, type NewSegment } from './segment-queries';
import { wordCount } from './word-count';

/** The work kind of pretranslation; its payload is `{documentId, token}`. */
export const PRETRANSLATE_DOCUMENT = 'document-pretranslate';

/**
 * Segment rows written per transaction, then other requests' turn. SQLite runs a transaction on
 * the event loop: 1,000 rows are a few milliseconds. PostgreSQL runs it in its own process while
 * the loop goes on, so fewer, larger transactions save their round trips (a fifth of the time).
 */
const SLICE = { sqlite: 1_000, postgres: 5_000 } as const;
/** Characters of the skeleton per stored part (and per transaction). */
export const SKELETON_PART_CHARS = 1024 * 1024;
/**
 * On PostgreSQL other processes may be importing into the same database: a start deletes only
 * the hidden documents nobody has written to for this long (an import writes every few ms).
 */
const ABANDONED_AFTER_SECONDS = 10 * 60;

export interface NewDocumentImport {
  orgId: number;
  project: ProjectRef;
  name: string;
  format: DocumentFormat;
  skeletonJson: string;
  segments: ExtractedSegment[];
  pretranslate: Pretranslate | null;
  autoAccept: boolean;
  /** A job's pair options for the pretranslation (import-queries.ts HiddenDocument). */
  caseSensitive?: boolean;
  matchAttribution?: boolean;
  pretranslateThreshold?: number | null;
}

/** The rows of file segments, as the import stores them. */
function segmentRows(
  input: NewDocumentImport,
  documentId: number,
  from: number,
  count: number,
  now: number,
) {
  return input.segments.slice(from, from + count).map((segment): NewSegment => {
    const target = segment.target ?? '';
    return {
      orgId: input.orgId,
      documentId,
      memoryId: input.project.memory_id,
      index: segment.index,
      source: segment.source,
      target,
      // A final translation in the file counts as confirmed; a fuzzy one is a draft.
      isConfirmed: target !== '' && segment.isFuzzy !== true,
      matchScore: null,
      targetOrigin: target === '' ? null : 'file',
      note: segment.note,
      contextKey: segment.contextKey,
      memoryUnitId: null,
      wordCount: wordCount(segment.source),
      now,
    };
  });
}

/**
 * Writes a new document without holding the event loop: the row first, hidden
 * (`import_in_progress`: no route finds it), then its skeleton in parts of 1 MiB characters and
 * its segments in transactions of 1,000 rows (5,000 on PostgreSQL), with a turn for other
 * requests between them, then one small transaction that shows it and queues its
 * pretranslation. A failure deletes what was written; a crash leaves a hidden document that the
 * next start deletes (`discardUnfinished`). So an import is seen whole or not at all.
 */
export function createDocumentImporter(storage: Storage, work: WorkQueue) {
  /** Runs `write` in a transaction if the document is still there; false when it is gone. */
  const whileThere = (id: number, write: (tx: Queryable) => Promise<void>) =>
    storage.transaction(async (tx) => {
      if (!(await importQueries(tx).stillImporting(id, nowSeconds()))) return false;
      await write(tx);
      return true;
    });

  const publish = (id: number, input: NewDocumentImport, now: number) =>
    whileThere(id, async (tx) => {
      const untranslated = input.segments.filter((s) => !s.target).length;
      const pretranslating = input.pretranslate !== null && untranslated > 0;
      const token = pretranslating ? randomUUID() : null;
      await importQueries(tx).show(id, {
        isPretranslating: pretranslating,
        toPretranslate: pretranslating ? untranslated : 0,
        token,
        now,
      });
      if (pretranslating) {
        await work.enqueueIn(tx, PRETRANSLATE_DOCUMENT, { documentId: id, token });
      }
    });

  /** Writes the parts and rows of a hidden document; false when it went meanwhile. */
  async function writeContent(id: number, input: NewDocumentImport, now: number) {
    const { skeletonJson } = input;
    for (let at = 0, part = 0; at < skeletonJson.length; at += SKELETON_PART_CHARS, part++) {
      await nextLoopTurn();
      const text = skeletonJson.slice(at, at + SKELETON_PART_CHARS);
      const written = await whileThere(id, (tx) =>
        importQueries(tx).insertSkeletonPart(id, part, text),
      );
      if (!written) return false;
    }
    const slice = SLICE[storage.dialect];
    for (let at = 0; at < input.segments.length; at += slice) {
      await nextLoopTurn();
      const rows = segmentRows(input, id, at, slice, now);
      const written = await whileThere(id, (tx) =>
        segmentQueries(tx, storage.dialect).insertMany(rows),
      );
      if (!written) return false;
    }
    return true;
  }

  /**
   * Stores the document: its id once every segment is written and it is visible, or null when
   * its project was deleted meanwhile (the document went with it).
   */
  async function importDocument(input: NewDocumentImport): Promise<number | null> {
    const now = nowSeconds();
    const id = await storage.transaction((tx) =>
      importQueries(tx).insertHidden({
        orgId: input.orgId,
        projectId: input.project.id,
        name: input.name,
        format: input.format,
        pretranslate: input.pretranslate,
        autoAccept: input.autoAccept,
        caseSensitive: input.caseSensitive,
        matchAttribution: input.matchAttribution,
        pretranslateThreshold: input.pretranslateThreshold,
        now,
        lockProject: storage.dialect === 'postgres',
      }),
    );
    if (id === null) return null;
    try {
      if (!(await writeContent(id, input, now))) return null;
      return (await publish(id, input, now)) ? id : null;
    } catch (error) {
      await importQueries(storage.db)
        .remove(id)
        .catch(() => undefined);
      throw error;
    }
  }

  return {
    importDocument,
    /**
     * Deletes the hidden documents that a crash left half-written (run at start): all of them on
     * SQLite, whose file one process owns; on PostgreSQL those abandoned for ten minutes.
     */
    discardUnfinished: (): Promise<number> =>
      importQueries(storage.db).removeUnfinished(
        storage.dialect === 'postgres' ? nowSeconds() - ABANDONED_AFTER_SECONDS : undefined,
      ),
  };
}

export type DocumentImporter = ReturnType<typeof createDocumentImporter>;
