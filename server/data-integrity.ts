import BetterSqlite3 from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from './db/db';

// Test support for crash tests: what a data folder must look like whatever moment the server
// died at, read with a connection of the test's own (the server may be running).

export type Database = BetterSqlite3.Database;

/** A second connection to a data folder's database, for reading what the server wrote. */
export function observe(dataDir: string): Database {
  const db = new BetterSqlite3(join(dataDir, DATABASE_FILE), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}

export const count = (db: Database, sql: string, ...args: unknown[]): number =>
  (db.prepare(sql).get(...args) as { n: number }).n;

/** Background work still to do: queued or running items, imports, detections, pretranslations. */
export function pendingWork(db: Database): number {
  return (
    count(db, "SELECT count(*) AS n FROM work_items WHERE state IN ('queued', 'running')") +
    count(db, "SELECT count(*) AS n FROM memory_tasks WHERE state IN ('queued', 'running')") +
    count(db, 'SELECT count(*) AS n FROM files WHERE is_detecting = 1') +
    count(db, "SELECT count(*) AS n FROM documents WHERE pretranslation <> 'idle'") +
    count(db, "SELECT count(*) AS n FROM uploads WHERE status = 'processing'")
  );
}

function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

/** Documents whose stored progress counters (migration 014) differ from their segments. */
export function counterProblems(db: Database): string[] {
  const rows = db
    .prepare(
      `SELECT d.id FROM documents d
       LEFT JOIN (SELECT document_id, count(*) AS n,
           sum(is_confirmed <> 0) AS confirmed, sum(is_reviewed <> 0) AS reviewed,
           sum(word_count) AS words, sum(CASE WHEN is_confirmed <> 0 THEN word_count END) AS cwords
         FROM segments WHERE document_id IS NOT NULL GROUP BY document_id) c
         ON c.document_id = d.id
       WHERE d.segments_total <> coalesce(c.n, 0)
         OR d.segments_confirmed <> coalesce(c.confirmed, 0)
         OR d.segments_reviewed <> coalesce(c.reviewed, 0)
         OR d.words_total <> coalesce(c.words, 0)
         OR d.words_confirmed <> coalesce(c.cwords, 0)`,
    )
    .all() as Array<{ id: number }>;
  return rows.map((row) => `document ${row.id}: progress counters differ from its segments`);
}

/**
 * Everything wrong with a data folder at rest (no request in flight, no background work): the
 * database's own checks, each document's progress counters equal to its segments, every blob
 * row's file there with its size and SHA-256, no blob or part file without its row, and nothing
 * left in the temporary folder.
 */
export function integrityProblems(dataDir: string): string[] {
  const problems: string[] = [];
  const db = observe(dataDir);
  try {
    const integrity = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
    if (integrity.map((row) => row.integrity_check).join() !== 'ok') {
      problems.push(`integrity_check: ${JSON.stringify(integrity)}`);
    }
    const foreign = db.pragma('foreign_key_check') as unknown[];
    if (foreign.length > 0) problems.push(`foreign_key_check: ${JSON.stringify(foreign)}`);

    problems.push(...counterProblems(db));

    const root = join(dataDir, 'blobs');
    const blobs = db.prepare('SELECT sha256, size FROM blobs').all() as Array<{
      sha256: string;
      size: number;
    }>;
    for (const { sha256, size } of blobs) {
      const path = join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
      if (!existsSync(path)) problems.push(`blob ${sha256}: no file`);
      else if (statSync(path).size !== size) problems.push(`blob ${sha256}: not ${size} bytes`);
      else if (createHash('sha256').update(readFileSync(path)).digest('hex') !== sha256) {
        problems.push(`blob ${sha256}: bytes do not match`);
      }
    }
    const known = new Set(
      blobs.map((b) => `${b.sha256.slice(0, 2)}/${b.sha256.slice(2, 4)}/${b.sha256}`),
    );
    for (const file of filesBelow(root)) {
      if (/^[0-9a-f]{2}\//.test(file) && !known.has(file))
        problems.push(`blob file without row: ${file}`);
    }
    const parts = new Set(
      (db.prepare('SELECT file FROM upload_parts').all() as Array<{ file: string }>).map(
        (p) => p.file,
      ),
    );
    const partFiles = filesBelow(join(root, 'parts'));
    for (const file of parts) if (!partFiles.includes(file)) problems.push(`part ${file}: no file`);
    for (const file of partFiles)
      if (!parts.has(file)) problems.push(`part file without row: ${file}`);
    for (const file of filesBelow(join(root, 'tmp'))) problems.push(`temporary file left: ${file}`);
  } finally {
    db.close();
  }
  return problems;
}
