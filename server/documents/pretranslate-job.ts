import { setImmediate as nextTurn } from 'node:timers/promises';
import { primaryLanguage } from '../formats/languages';
import type { TmRegistry } from '../memories/registry';
import type { MtEngine } from '../mt/engine';
import type { Storage } from '../db/storage';
import { nowSeconds } from '../db/time';
import type { WorkQueue } from '../work/queue';
import { PRETRANSLATE_DOCUMENT } from './document-import';
import { recordDocumentEvent } from './document-events';
import {
  pretranslateQueries,
  type Fill,
  type JobDocument,
  type PendingSegment,
} from './pretranslate-queries';

/** Segments per transaction; the event loop gets a turn between batches. */
const BATCH = 200;
/** Longest run of TM lookups before other requests get a turn. */
const SLICE_MS = 20;
/** TM lookups under way at once (see tmFills). */
const LOOKAHEAD = 2;
/** The lowest TM score that fills a segment. */
export const PRETRANSLATE_THRESHOLD = 75;

export interface PretranslateDeps {
  storage: Storage;
  tm: TmRegistry;
  /** The MT engine as the app has it now (null without one). */
  mt: () => MtEngine | null;
}

/**
 * Registers `document-pretranslate`: the document's untranslated segments, in batches, get their
 * best TM match scoring 75 or more (or the document's `pretranslate_threshold`; with context, so
 * 101 is possible; case-sensitive and attributed to the match's author when the document, made
 * by a job, asks), then (TM+MT) MT for the rest. Each batch is one transaction that also advances `pretranslated` and the cursor, so a
 * restart resumes after the last batch written, and a segment the translator filled meanwhile is
 * never overwritten. MT that is missing or fails leaves `pretranslation_error` and the TM results.
 * A document deleted meanwhile ends the work quietly.
 */
export function registerPretranslation(queue: WorkQueue, deps: PretranslateDeps): void {
  const { storage, tm } = deps;
  const q = pretranslateQueries(storage.db, storage.dialect);

  /** One batch's targets and progress in one transaction; false when the document is gone. */
  const writeBatch = (
    doc: JobDocument,
    token: string | null,
    fills: Fill[],
    done: number,
    last: number,
  ) =>
    storage.transaction(async (tx) => {
      const w = pretranslateQueries(tx, storage.dialect);
      // Gone while MT was working: nothing to write, and the work is over.
      if (!(await w.document(doc.id, token, true))) return false;
      const now = nowSeconds();
      await w.fill(doc.id, fills, now);
      await w.progress(doc.id, done, last, now);
      return true;
    });

  /**
   * Ends the work on the document: idle, with `error` when there is one, and its webhook event
   * `DOCUMENT_UPDATE` (our extension) in the same transaction. A document gone or replaced (its
   * token changed) meanwhile is left alone.
   */
  const finish = (documentId: number, token: string | null, error: string | null) =>
    storage.transaction(async (tx) => {
      const w = pretranslateQueries(tx, storage.dialect);
      const doc = await w.document(documentId, token, true);
      if (!doc) return;
      if (error !== null) await w.setError(documentId, token, error);
      await w.finish(documentId, token, nowSeconds());
      await recordDocumentEvent(storage, tx, doc.org_id, documentId);
    });

  /** The engine when it serves the pair; otherwise records why not and answers null. */
  async function mtFor(doc: JobDocument, token: string | null): Promise<MtEngine | null> {
    const pair = `${doc.srclang}->${doc.trglang}`;
    const engine = deps.mt();
    let reason: string | null = null;
    if (!engine) reason = 'no machine translation engine is available';
    else {
      try {
        const served = await engine.supports(
          primaryLanguage(doc.srclang),
          primaryLanguage(doc.trglang),
        );
        if (!served) reason = `machine translation does not serve ${pair}`;
      } catch (error) {
        reason = `machine translation failed: ${String((error as Error).message ?? error)}`;
      }
    }
    if (reason === null) return engine;
    await q.setError(doc.id, token, `MT skipped: ${reason}; only TM matches were filled`);
    return null;
  }

  /** Who wrote the matched unit, for a document that takes match attribution (else undefined). */
  async function matchAuthor(doc: JobDocument, unitId: unknown) {
    if (doc.match_attribution === 0 || typeof unitId !== 'number') return undefined;
    return (await q.unitAuthors([unitId])).get(unitId) ?? null;
  }

  async function tmFill(doc: JobDocument, row: PendingSegment): Promise<Fill | null> {
    const matches = await tm.findMatches(doc.org_id, doc.memory_id, row.source, {
      n: 1,
      threshold: doc.pretranslate_threshold ?? PRETRANSLATE_THRESHOLD,
      context: {
        prevSource: row.prev_source,
        nextSource: row.next_source,
        contextKey: row.context_key,
      },
    });
    const best = matches?.[0];
    if (!best) return null;
    // The TM compares words without their case: case-sensitive, a source that differs in any
    // letter from the segment's is no exact match (99, a draft, never auto-accepted).
    const differs = doc.case_sensitive !== 0 && best.score >= 100 && best.source !== row.source;
    const score = differs ? 99 : best.score;
    const confirm = doc.auto_accept !== 0 && score >= 100;
    const author = await matchAuthor(doc, best.metadata.segment_id);
    return { id: row.id, target: best.target, origin: 'tm', score, confirm, author };
  }

  /**
   * The batch's TM matches, in row order. A lookup in a large memory of similar units can take
   * 10 ms or more: other requests get a turn whenever the lookups have run for SLICE_MS, not
   * only between batches. Up to LOOKAHEAD lookups are under way at once: one's read of its
   * matched units (a round trip on PostgreSQL) overlaps the next one's scoring.
   */
  async function tmFills(doc: JobDocument, rows: PendingSegment[], signal: AbortSignal) {
    const fills: Fill[] = [];
    const untranslated: PendingSegment[] = [];
    // Settled at once, so that a failure waiting its turn is not an unhandled rejection.
    const underWay: Promise<{ row: PendingSegment; fill?: Fill | null; error?: unknown }>[] = [];
    const takeOldest = async () => {
      const { row, fill, error } = await underWay.shift()!;
      if (error !== undefined) throw error;
      if (fill) fills.push(fill);
      else untranslated.push(row);
    };
    let sliceStart = performance.now();
    for (const row of rows) {
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTurn();
        signal.throwIfAborted();
        sliceStart = performance.now();
      }
      underWay.push(
        tmFill(doc, row).then(
          (fill) => ({ row, fill }),
          (error: unknown) => ({ row, error: error ?? new Error('TM lookup failed') }),
        ),
      );
      if (underWay.length >= LOOKAHEAD) await takeOldest();
    }
    while (underWay.length > 0) await takeOldest();
    return { fills, untranslated };
  }

  queue.register<{ documentId: number; token?: string | null }>(PRETRANSLATE_DOCUMENT, {
    maxAttempts: 3,
    async run({ documentId, token = null }, { signal }) {
      const doc = await q.document(documentId, token);
      if (!doc || doc.pretranslate_mode === null) return;
      await q.markRunning(doc.id, token, nowSeconds());
      // A large memory loads in slices rather than in one long pause of the server.
      await tm.ready(doc.org_id, doc.memory_id);
      let mt = doc.pretranslate_mode === 'TM+MT' ? await mtFor(doc, token) : null;
      const pair = { source: primaryLanguage(doc.srclang), target: primaryLanguage(doc.trglang) };
      let cursor = doc.pretranslate_cursor;
      for (;;) {
        signal.throwIfAborted();
        const rows = await q.pending(doc.id, cursor, BATCH);
        if (rows.length === 0) break;
        const { fills, untranslated } = await tmFills(doc, rows, signal);
        if (mt && untranslated.length > 0) {
          try {
            const targets = await mt.translate(
              pair,
              untranslated.map((row) => row.source),
              { signal },
            );
            untranslated.forEach((row, i) => {
              const target = targets[i];
              if (target)
                fills.push({ id: row.id, target, origin: 'mt', score: null, confirm: false });
            });
          } catch (error) {
            signal.throwIfAborted();
            // The TM results stand; the rest of the document goes on with TM only.
            await q.setError(
              doc.id,
              token,
              `MT failed: ${(error as Error).message}; only TM matches were filled`,
            );
            mt = null;
          }
        }
        cursor = rows[rows.length - 1]!.idx;
        if (!(await writeBatch(doc, token, fills, rows.length, cursor))) return;
        await nextTurn();
      }
      await finish(doc.id, token, null);
    },
    onFailed: ({ documentId, token = null }, error) =>
      finish(documentId, token, `Pretranslation failed: ${error}`),
  });
}
