import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { NativeCodes } from '../formats/inline-codes';
import type { Database } from '../db/db';
import { sourceHash } from './source-hash';

/** A unit read from a file, ready to stage. */
export interface StagedUnit {
  source: string;
  target: string;
  prevSource?: string | null;
  nextSource?: string | null;
  contextKey?: string | null;
  created?: number;
  changed?: number;
  /** Native data of the inline codes: kept in the unit's metadata for the TMX writer. */
  codes?: NativeCodes;
}

export interface StagedTerm {
  source: string;
  target: string;
  extra?: Record<string, string> | null;
}

/** What applying a staged import did. */
export interface AppliedImport {
  added: number;
  /** Units or terms left out because the memory (or the file) already had them. */
  duplicates: number;
  /** The highest unit id before the import: the index adds the units above it. */
  afterId: number;
}

export interface ApplyOptions {
  memoryId: number;
  origin: string;
  userId: number | null;
  skipDuplicates: boolean;
  now: number;
}

// One JSON array per line: ["u", source, target, prev, next, key, metadata, created, changed]
// or ["t", source, target, extra]. JSON escapes line breaks, so a line is a record.
type Record_ =
  | [
      'u',
      string,
      string,
      string | null,
      string | null,
      string | null,
      string | null,
      number | null,
      number | null,
    ]
  | ['t', string, string, string | null];

const READ_CHUNK = 1024 * 1024;

/**
 * An import's rows, parsed but not yet in the memory: a scratch file of JSON lines under the
 * blobs' temporary folder (cleared at every start). The upload is parsed asynchronously while the
 * server goes on serving, and nothing touches the memory until `applyStaged` writes the rows in
 * ONE transaction on the main connection. So a bad file leaves the memory as it was, and no
 * request ever runs inside a half-done import: the main connection is shared by every request,
 * so an import cannot hold a transaction open across awaits.
 */
export function openStaging(dir: string) {
  const path = join(dir, `import-${randomUUID()}.jsonl`);
  const fd = openSync(path, 'wx', 0o600);
  let isOpen = true;
  let units = 0;
  let terms = 0;

  const write = (lines: string) => {
    if (lines) writeSync(fd, lines);
  };
  const close = () => {
    if (!isOpen) return;
    isOpen = false;
    closeSync(fd);
  };

  return {
    path,
    addUnits(batch: readonly StagedUnit[]): void {
      let lines = '';
      for (const unit of batch) {
        const record: Record_ = [
          'u',
          unit.source,
          unit.target,
          unit.prevSource ?? null,
          unit.nextSource ?? null,
          unit.contextKey ?? null,
          unit.codes ? JSON.stringify({ codes: unit.codes }) : null,
          unit.created ?? null,
          unit.changed ?? unit.created ?? null,
        ];
        lines += `${JSON.stringify(record)}\n`;
      }
      write(lines);
      units += batch.length;
    },
    addTerms(batch: readonly StagedTerm[]): void {
      let lines = '';
      for (const term of batch) {
        const extra =
          term.extra && Object.keys(term.extra).length > 0 ? JSON.stringify(term.extra) : null;
        const record: Record_ = ['t', term.source, term.target, extra];
        lines += `${JSON.stringify(record)}\n`;
      }
      write(lines);
      terms += batch.length;
    },
    get units() {
      return units;
    },
    get terms() {
      return terms;
    },
    /** Ends writing; the file is complete. */
    finishReading: close,
    /** Closes and deletes the scratch file. */
    discard(): void {
      close();
      rmSync(path, { force: true });
    },
  };
}

export type Staging = ReturnType<typeof openStaging>;

/** Calls `each` with every staged record, read back synchronously a chunk at a time. */
function forEachRecord(path: string, each: (record: Record_) => void): void {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(READ_CHUNK);
    const decoder = new StringDecoder('utf8');
    let rest = '';
    for (;;) {
      const read = readSync(fd, buffer, 0, READ_CHUNK, null);
      if (read === 0) break;
      const text = rest + decoder.write(buffer.subarray(0, read));
      let start = 0;
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
        each(JSON.parse(text.slice(start, end)) as Record_);
        start = end + 1;
      }
      rest = text.slice(start);
    }
    if (rest) each(JSON.parse(rest) as Record_);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a staged import into the memory in one transaction, together with whatever else must
 * commit with it (`alsoRecord`: the task's end). Returns null, changing nothing but what
 * `alsoRecord` does, when the memory is gone. Synchronous on purpose: no request runs in between,
 * and none sees half an import. With `skipDuplicates`, a unit (term) is left out when the memory
 * already has the same source and target, earlier rows of the same file included (they are
 * visible inside the transaction).
 */
export function applyStaged(
  db: Database,
  staging: Staging,
  options: ApplyOptions,
  alsoRecord: (applied: AppliedImport | null) => void,
): AppliedImport | null {
  const { memoryId, origin, userId, now, skipDuplicates } = options;
  const exists = db.prepare<[number], { one: number }>(
    'SELECT 1 AS one FROM memories WHERE id = ?',
  );
  const maxId = db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM memory_units');
  const insertUnit = db.prepare(
    `INSERT INTO memory_units (memory_id, source, target, source_hash, prev_source, next_source,
       context_key, origin, metadata, created_at, updated_at, created_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const hasUnit = db.prepare(
    `SELECT 1 FROM memory_units WHERE memory_id = ? AND source_hash = ? AND source = ?
       AND target = ? LIMIT 1`,
  );
  const insertTerm = db.prepare(
    `INSERT INTO memory_terms (memory_id, source, target, extra, origin, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const hasTerm = db.prepare(
    'SELECT 1 FROM memory_terms WHERE memory_id = ? AND source = ? AND target = ? LIMIT 1',
  );
  const touch = db.prepare(
    `UPDATE memories SET num_segments = num_segments + ?, num_terms = num_terms + ?,
       version = version + 1, updated_at = ? WHERE id = ?`,
  );
  // A large page cache for the bulk insert (random inserts into the source-hash index).
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('cache_size = -131072');
  try {
    return db
      .transaction((): AppliedImport | null => {
        if (!exists.get(memoryId)) {
          alsoRecord(null);
          return null;
        }
        const afterId = maxId.get()?.id ?? 0;
        let units = 0;
        let terms = 0;
        forEachRecord(staging.path, (record) => {
          if (record[0] === 'u') {
            const [, source, target, prev, next, key, metadata, created, changed] = record;
            const hash = sourceHash(source);
            if (skipDuplicates && hasUnit.get(memoryId, hash, source, target)) return;
            insertUnit.run(
              memoryId,
              source,
              target,
              hash,
              prev,
              next,
              key,
              origin,
              metadata,
              created ?? now,
              changed ?? now,
              userId,
            );
            units += 1;
          } else {
            const [, source, target, extra] = record;
            if (skipDuplicates && hasTerm.get(memoryId, source, target)) return;
            insertTerm.run(memoryId, source, target, extra, origin, now);
            terms += 1;
          }
        });
        touch.run(units, terms, now, memoryId);
        const applied = {
          added: units + terms,
          duplicates: staging.units + staging.terms - units - terms,
          afterId,
        };
        alsoRecord(applied);
        return applied;
      })
      .immediate();
  } finally {
    db.pragma(`cache_size = ${cacheSize}`);
  }
}
