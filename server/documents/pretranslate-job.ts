import { setImmediate as nextTurn } from 'node:timers/promises';
import { primaryLanguage } from '../formats/languages';
import type { TmRegistry } from '../memories/registry';
import type { MtEngine } from '../mt/engine';
import type { Database } from '../db/db';
import { nowSeconds } from '../db/time';
import type { WorkQueue } from '../work/queue';
import { PRETRANSLATE_DOCUMENT } from './document-import';

/** Segments per transaction; the event loop gets a turn between batches. */
const BATCH = 200;
/** Longest run of TM lookups before other requests get a turn. */
const SLICE_MS = 20;
/** The lowest TM score that fills a segment. */
export const PRETRANSLATE_THRESHOLD = 75;

interface JobDocument {
  id: number;
  org_id: number;
  memory_id: number;
  srclang: string;
  trglang: string;
  pretranslate_mode: 'TM' | 'TM+MT' | null;
  auto_accept: number;
  pretranslate_cursor: number;
}

interface PendingSegment {
  id: number;
  idx: number;
  source: string;
  context_key: string | null;
  prev_source: string | null;
  next_source: string | null;
}

interface Fill {
  id: number;
  target: string;
  origin: 'tm' | 'mt';
  score: number | null;
  confirm: boolean;
}

export interface PretranslateDeps {
  db: Database;
  tm: TmRegistry;
  /** The MT engine as the app has it now (null without one). */
  mt: () => MtEngine | null;
}

/**
 * Registers `document-pretranslate`: the document's untranslated segments, in batches, get their
 * best TM match scoring 75 or more (with context, so 101 is possible), then (TM+MT) MT for the
 * rest. Each batch is one transaction that also advances `pretranslated` and the cursor, so a
 * restart resumes after the last batch written, and a segment the translator filled meanwhile is
 * never overwritten. MT that is missing or fails leaves `pretranslation_error` and the TM results.
 * A document deleted meanwhile ends the work quietly.
 */
export function registerPretranslation(queue: WorkQueue, deps: PretranslateDeps): void {
  const { db, tm } = deps;
  // The document this work was made for: the same id and token (ids are reused after a delete).
  const documentOf = db.prepare<[number, string | null], JobDocument>(
    `SELECT d.id, d.org_id, p.memory_id, d.srclang, d.trglang, d.pretranslate_mode, d.auto_accept,
       d.pretranslate_cursor
     FROM documents d JOIN projects p ON p.id = d.project_id
     WHERE d.id = ? AND d.pretranslate_token IS ?`,
  );
  // Every write to the document names its token too: see `documentOf`.
  const markRunning = db.prepare<[number, number, string | null]>(
    `UPDATE documents SET pretranslation = 'running', is_pretranslating = 1, updated_at = ?
      WHERE id = ? AND pretranslate_token IS ?`,
  );
  const pending = db.prepare<[number, number, number], PendingSegment>(
    `SELECT s.id, s.idx, s.source, s.context_key,
       (SELECT p.source FROM segments p WHERE p.document_id = s.document_id AND p.idx = s.idx - 1
         LIMIT 1) AS prev_source,
       (SELECT n.source FROM segments n WHERE n.document_id = s.document_id AND n.idx = s.idx + 1
         LIMIT 1) AS next_source
     FROM segments s WHERE s.document_id = ? AND s.idx > ? AND s.target = ''
     ORDER BY s.idx LIMIT ?`,
  );
  const fill = db.prepare(
    `UPDATE segments SET target = @target, target_origin = @origin, match_score = @score,
       is_confirmed = @confirm, updated_at = @now
     WHERE id = @id AND document_id = @documentId AND target = ''`,
  );
  const progress = db.prepare<[number, number, number, number]>(
    `UPDATE documents SET pretranslated = min(to_pretranslate, pretranslated + ?),
       pretranslate_cursor = ?, updated_at = ? WHERE id = ?`,
  );
  const setError = db.prepare<[string, number, string | null]>(
    'UPDATE documents SET pretranslation_error = ? WHERE id = ? AND pretranslate_token IS ?',
  );
  const finish = db.prepare<[number, number, string | null]>(
    `UPDATE documents SET is_pretranslating = 0, pretranslation = 'idle', updated_at = ?
      WHERE id = ? AND pretranslate_token IS ?`,
  );

  const writeBatch = db.transaction(
    (doc: JobDocument, token: string | null, fills: Fill[], done: number, last: number) => {
      // Gone while MT was working: nothing to write, and the work is over.
      if (!documentOf.get(doc.id, token)) return false;
      const now = nowSeconds();
      for (const f of fills) {
        fill.run({ ...f, documentId: doc.id, confirm: f.confirm ? 1 : 0, now });
      }
      progress.run(done, last, now, doc.id);
      return true;
    },
  ).immediate;

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
    setError.run(`MT skipped: ${reason}; only TM matches were filled`, doc.id, token);
    return null;
  }

  function tmFill(doc: JobDocument, row: PendingSegment): Fill | null {
    const best = tm.findMatches(doc.org_id, doc.memory_id, row.source, {
      n: 1,
      threshold: PRETRANSLATE_THRESHOLD,
      context: {
        prevSource: row.prev_source,
        nextSource: row.next_source,
        contextKey: row.context_key,
      },
    })?.[0];
    if (!best) return null;
    const confirm = doc.auto_accept !== 0 && best.score >= 100;
    return { id: row.id, target: best.target, origin: 'tm', score: best.score, confirm };
  }

  queue.register<{ documentId: number; token?: string | null }>(PRETRANSLATE_DOCUMENT, {
    maxAttempts: 3,
    async run({ documentId, token = null }, { signal }) {
      const doc = documentOf.get(documentId, token);
      if (!doc || doc.pretranslate_mode === null) return;
      markRunning.run(nowSeconds(), doc.id, token);
      // A large memory loads in slices rather than in one long pause of the server.
      await tm.ready(doc.org_id, doc.memory_id);
      let mt = doc.pretranslate_mode === 'TM+MT' ? await mtFor(doc, token) : null;
      const pair = { source: primaryLanguage(doc.srclang), target: primaryLanguage(doc.trglang) };
      let cursor = doc.pretranslate_cursor;
      for (;;) {
        signal.throwIfAborted();
        const rows = pending.all(doc.id, cursor, BATCH);
        if (rows.length === 0) break;
        const fills: Fill[] = [];
        const untranslated: PendingSegment[] = [];
        // A lookup in a large memory of similar units can take 10 ms or more: other requests get
        // a turn whenever the lookups have run for SLICE_MS, not only between batches.
        let sliceStart = performance.now();
        for (const row of rows) {
          if (performance.now() - sliceStart > SLICE_MS) {
            await nextTurn();
            signal.throwIfAborted();
            sliceStart = performance.now();
          }
          const found = tmFill(doc, row);
          if (found) fills.push(found);
          else untranslated.push(row);
        }
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
            setError.run(
              `MT failed: ${(error as Error).message}; only TM matches were filled`,
              doc.id,
              token,
            );
            mt = null;
          }
        }
        cursor = rows[rows.length - 1]!.idx;
        if (!writeBatch(doc, token, fills, rows.length, cursor)) return;
        await nextTurn();
      }
      finish.run(nowSeconds(), doc.id, token);
    },
    onFailed({ documentId, token = null }, error) {
      setError.run(`Pretranslation failed: ${error}`, documentId, token);
      finish.run(nowSeconds(), documentId, token);
    },
  });
}
