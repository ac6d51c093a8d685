import type { Storage } from '../../db/storage';
import { createOrganization } from '../../db/organizations';

const created = { created_at: 0, updated_at: 0 };

/** An organization (rows written straight in the tables). */
export const seedOrganization = (storage: Storage, name: string) =>
  storage.transaction((tx) => createOrganization(tx, name));

/** A memory en -> `trglang` of the organization; its id. */
export async function seedMemory(storage: Storage, orgId: number, trglang: string) {
  const row = await storage.db
    .insertInto('memories')
    .values({ org_id: orgId, name: `Help ${trglang}`, srclang: 'en', trglang, ...created })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A project on the memory; its id. */
export async function seedProject(storage: Storage, orgId: number, memoryId: number) {
  const memory = await storage.db
    .selectFrom('memories')
    .select(['srclang', 'trglang'])
    .where('id', '=', memoryId)
    .executeTakeFirstOrThrow();
  const row = await storage.db
    .insertInto('projects')
    .values({ org_id: orgId, memory_id: memoryId, name: 'Job part', ...memory, ...created })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface SeedSegment {
  source: string;
  contextKey?: string | null;
}

/**
 * A document of the project with these segments (idx 0, 2, 4...: neighbours go by order, as in
 * the editor); the segments' ids in order. `isImporting`: left as an import still writing it.
 */
export async function seedDocument(
  storage: Storage,
  orgId: number,
  projectId: number,
  segments: SeedSegment[],
  isImporting = false,
): Promise<number[]> {
  const project = await storage.db
    .selectFrom('projects')
    .select(['memory_id', 'srclang', 'trglang'])
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const document = await storage.db
    .insertInto('documents')
    .values({
      org_id: orgId,
      project_id: projectId,
      name: 'help.txt',
      srclang: project.srclang,
      trglang: project.trglang,
      import_in_progress: isImporting ? 1 : 0,
      ...created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = segments.map((segment, i) => ({
    org_id: orgId,
    document_id: document.id,
    memory_id: project.memory_id,
    idx: 2 * i,
    source: segment.source,
    context_key: segment.contextKey ?? null,
    ...created,
  }));
  // Last first: the order of the rows must not matter, only their index.
  for (let end = rows.length; end > 0; end -= 200) {
    await storage.db
      .insertInto('segments')
      .values(rows.slice(Math.max(0, end - 200), end).reverse())
      .execute();
  }
  const inserted = await storage.db
    .selectFrom('segments')
    .select('id')
    .where('document_id', '=', document.id)
    .orderBy('idx')
    .execute();
  return inserted.map((row) => row.id);
}
