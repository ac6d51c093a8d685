import type { Memory, MemoryCreateParameters } from '../../shared/api/memories';
import type { Database } from '../db/db';
import { nowSeconds } from '../db/time';

interface MemoryRow {
  id: number;
  name: string;
  srclang: string;
  trglang: string;
  srclocale: string | null;
  trglocale: string | null;
  version: number;
  is_processing: number;
  created_at: number;
  updated_at: number;
  num_segments: number;
  num_terms: number;
  last_import_error: string | null;
}

/**
 * What deleting a memory came to: projects that use a memory keep it. A deleted memory's blobs
 * (uploaded imports, the termbase export) are no longer referenced by it: release them.
 */
export type MemoryDeleteResult =
  | { status: 'deleted'; blobs: string[] }
  | { status: 'not-found' }
  | { status: 'in-use'; projectCount: number };

// A memory is processing while one of its imports or termbase exports is queued or running.
const COLUMNS = `m.id, m.name, m.srclang, m.trglang, m.srclocale, m.trglocale, m.version,
  EXISTS (SELECT 1 FROM memory_tasks t
           WHERE t.memory_id = m.id AND t.state IN ('queued', 'running')) AS is_processing,
  m.created_at, m.updated_at, m.num_segments, m.num_terms, m.last_import_error`;

export function memoryToWire(row: MemoryRow): Memory {
  return {
    id: row.id,
    name: row.name,
    srclang: row.srclang,
    trglang: row.trglang,
    srclocale: row.srclocale,
    trglocale: row.trglocale,
    is_processing: row.is_processing !== 0,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
    resources: [],
    num_segments: row.num_segments,
    num_terms: row.num_terms,
    last_import_error: row.last_import_error,
  };
}

/**
 * The organization's memories, with statements prepared once (per app). Every lookup is scoped
 * to `orgId`: another organization's memory is indistinguishable from one that does not exist.
 */
export function createMemoryStore(db: Database) {
  const insert = db.prepare<
    [number, string, string, string, string | null, string | null, number, number]
  >(
    `INSERT INTO memories (org_id, name, srclang, trglang, srclocale, trglocale, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const selectOne = db.prepare<[number, number], MemoryRow>(
    `SELECT ${COLUMNS} FROM memories m WHERE m.id = ? AND m.org_id = ?`,
  );
  const selectAll = db.prepare<[number], MemoryRow>(
    `SELECT ${COLUMNS} FROM memories m WHERE m.org_id = ? ORDER BY m.id`,
  );
  const rename = db.prepare<[string, number, number, number]>(
    'UPDATE memories SET name = ?, updated_at = ? WHERE id = ? AND org_id = ?',
  );
  const countProjects = db.prepare<[number], { n: number }>(
    'SELECT count(*) AS n FROM projects WHERE memory_id = ?',
  );
  const remove = db.prepare<[number, number]>('DELETE FROM memories WHERE id = ? AND org_id = ?');
  const blobsOf = db.prepare<[number, number], { sha256: string }>(
    `SELECT blob_sha256 AS sha256 FROM memory_tasks WHERE memory_id = ? AND blob_sha256 IS NOT NULL
     UNION SELECT termbase_sha256 FROM memories WHERE id = ? AND termbase_sha256 IS NOT NULL`,
  );

  const get = (orgId: number, id: number): Memory | null => {
    const row = selectOne.get(id, orgId);
    return row ? memoryToWire(row) : null;
  };

  return {
    get,

    list: (orgId: number): Memory[] => selectAll.all(orgId).map(memoryToWire),

    create: db.transaction(
      (orgId: number, input: MemoryCreateParameters, now = nowSeconds()): Memory => {
        const { name, srclang, trglang, srclocale = null, trglocale = null } = input;
        const result = insert.run(orgId, name, srclang, trglang, srclocale, trglocale, now, now);
        return get(orgId, Number(result.lastInsertRowid)) as Memory;
      },
    ).immediate,

    /** Renames and bumps `updated_at`; null when the organization has no such memory. */
    rename: db.transaction((orgId: number, id: number, name: string, now = nowSeconds()) => {
      if (rename.run(name, now, id, orgId).changes === 0) return null;
      return get(orgId, id);
    }).immediate,

    remove: db.transaction((orgId: number, id: number): MemoryDeleteResult => {
      if (!selectOne.get(id, orgId)) return { status: 'not-found' };
      const projectCount = countProjects.get(id)?.n ?? 0;
      if (projectCount > 0) return { status: 'in-use', projectCount };
      const blobs = blobsOf.all(id, id).map((row) => row.sha256);
      remove.run(id, orgId);
      return { status: 'deleted', blobs };
    }).immediate,
  };
}

export type MemoryStore = ReturnType<typeof createMemoryStore>;
