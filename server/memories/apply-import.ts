import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Queryable, Storage } from '../db/storage';
import {
  importQueries,
  type ImportQueries,
  type TermInsert,
  type UnitInsert,
} from './import-queries';
import { bulkWriteMode } from './bulk-write-mode';
import { sourceHash } from './source-hash';
import { stagedBatches, type StagedRecord, type Staging } from './staging';

/** What applying a staged import did. */
export interface AppliedImport {
  added: number;
  /** Units or terms left out because the memory (or the file) already had them. */
  duplicates: number;
  /** The highest unit id before the import: the index adds the units above it. */
  afterId: number;
}

/** Staged records written so far (by this transaction, or by earlier attempts). */
export interface ImportProgress {
  added: number;
  duplicates: number;
}

export interface ApplyOptions {
  memoryId: number;
  origin: string;
  userId: number | null;
  skipDuplicates: boolean;
  now: number;
  /** What earlier attempts of this import committed: those records are not written again. */
  earlier: ImportProgress;
  /** Runs in each transaction with what it wrote, so a retry after a crash goes on from there. */
  recordProgress(tx: Queryable, step: ImportProgress): Promise<void>;
  /** Runs in the last transaction with the outcome; null when the memory is gone. */
  recordEnd(tx: Queryable, applied: AppliedImport | null): Promise<void>;
}

/** Staged records per transaction: each holds the database for tens of ms; requests run between. */
export const RECORDS_PER_TRANSACTION = 2_000;

/** Writes one transaction's records; with `skipDuplicates` leaves out what the memory has. */
async function writeRecords(
  q: ImportQueries,
  records: StagedRecord[],
  options: ApplyOptions,
): Promise<ImportProgress> {
  const { memoryId, origin, userId, now, skipDuplicates } = options;
  const hashes = records.map((record) => (record[0] === 'u' ? sourceHash(record[1]) : 0));
  let unitKeys: Set<string> | null = null;
  let termKeys: Set<string> | null = null;
  if (skipDuplicates) {
    // Earlier transactions of this import are committed: the queries see them too.
    const unitHashes = hashes.filter((_, i) => records[i]![0] === 'u');
    const termSources = records.filter((record) => record[0] === 't').map((record) => record[1]);
    unitKeys = await q.unitKeys(memoryId, [...new Set(unitHashes)]);
    termKeys = await q.termKeys(memoryId, [...new Set(termSources)]);
  }
  const units: UnitInsert[] = [];
  const terms: TermInsert[] = [];
  let duplicates = 0;
  records.forEach((record, i) => {
    const keys = record[0] === 'u' ? unitKeys : termKeys;
    if (keys) {
      const key = `${record[1]}\u0000${record[2]}`;
      if (keys.has(key)) return void (duplicates += 1);
      keys.add(key);
    }
    if (record[0] === 't') {
      const [, source, target, extra] = record;
      terms.push({ memory_id: memoryId, source, target, extra, origin, created_at: now });
      return;
    }
    const [, source, target, prev, next, key, metadata, created, changed] = record;
    units.push({
      memory_id: memoryId,
      source,
      target,
      source_hash: hashes[i]!,
      prev_source: prev,
      next_source: next,
      context_key: key,
      origin,
      metadata,
      created_at: created ?? now,
      updated_at: changed ?? now,
      created_by: userId,
    });
  });
  await q.insertUnits(units);
  await q.insertTerms(terms);
  await q.count(memoryId, units.length, terms.length);
  return { added: units.length + terms.length, duplicates };
}

/**
 * Writes a staged import into the memory, RECORDS_PER_TRANSACTION records per transaction
 * (multi-row INSERTs), so that neither SQLite's one connection nor PostgreSQL's change-feed lock
 * is held for a whole large import. The memory is processing meanwhile; its counts match its
 * rows at every commit, and its version goes up once, in the last transaction, with whatever
 * must commit with the end (`recordEnd`: the task's end). Each transaction records its progress
 * (`recordProgress`), so an attempt after a crash resumes where the last commit left off (the
 * staged file is parsed again to the same records). Returns null when the memory is gone.
 * With `skipDuplicates`, a unit (term) is left out when the memory already has the same source
 * and target, earlier rows of the same file included.
 */
export async function applyStaged(
  storage: Storage,
  staging: Staging,
  options: ApplyOptions,
): Promise<AppliedImport | null> {
  const { memoryId } = options;
  let { added, duplicates } = options.earlier;
  // Units an earlier attempt committed may lie below any id read now: the index re-reads them all.
  let afterId: number | undefined = added + duplicates > 0 ? 0 : undefined;
  const endBulkWrites = await bulkWriteMode(storage);
  try {
    for (const records of stagedBatches(
      staging.path,
      added + duplicates,
      RECORDS_PER_TRANSACTION,
    )) {
      const step = await storage.transaction(async (tx) => {
        const q = importQueries(tx, storage.dialect);
        if (!(await q.memoryExists(memoryId))) return null;
        afterId ??= await q.maxUnitId();
        const written = await writeRecords(q, records, options);
        await options.recordProgress(tx, written);
        return written;
      });
      if (!step) break;
      added += step.added;
      duplicates += step.duplicates;
      // Other requests get the database between two transactions.
      await nextTurn();
    }
    return await storage.transaction(async (tx) => {
      const q = importQueries(tx, storage.dialect);
      if (!(await q.memoryExists(memoryId))) {
        await options.recordEnd(tx, null);
        return null;
      }
      const applied = { added, duplicates, afterId: afterId ?? (await q.maxUnitId()) };
      await q.bumpVersion(memoryId, options.now);
      await options.recordEnd(tx, applied);
      return applied;
    });
  } finally {
    await endBulkWrites();
  }
}
