/** A memory written straight into a server's SQLite file, for the TM load and concordance benches. */
import { openStorage } from '../server/db/open-storage';
import { importQueries, type UnitInsert } from '../server/memories/import-queries';
import { sourceHash } from '../server/memories/source-hash';
import type { TmUnit } from '../server/tm';
import { startServerProcess, stopServerProcess } from './server-process';
import { createBenchMemory } from './tm-import';

const ROWS_PER_TRANSACTION = 50_000;

/** A new memory in `dataDir` (made by a server run once) holding `units`; answers its id. */
export async function seedMemory(dataDir: string, key: string, units: TmUnit[]): Promise<number> {
  const server = await startServerProcess(dataDir, key);
  let memoryId: number;
  try {
    memoryId = await createBenchMemory(server.url, key);
  } finally {
    await stopServerProcess(server);
  }
  const { storage, close } = await openStorage({ dataDir });
  try {
    for (let start = 0; start < units.length; start += ROWS_PER_TRANSACTION) {
      const rows: UnitInsert[] = units.slice(start, start + ROWS_PER_TRANSACTION).map((u) => ({
        memory_id: memoryId,
        source: u.source,
        target: u.target,
        source_hash: sourceHash(u.source),
        prev_source: u.prevSource,
        next_source: u.nextSource,
        context_key: u.contextKey,
        origin: 'bench',
        created_at: 0,
        updated_at: 0,
      }));
      await storage.transaction(async (tx) => {
        const q = importQueries(tx, 'sqlite');
        await q.insertUnits(rows);
        await q.count(memoryId, rows.length, 0);
      });
    }
  } finally {
    await close();
  }
  return memoryId;
}
