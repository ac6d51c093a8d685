import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useBothBackends } from './backends-test-support';
import { listenDataVersion } from './data-version';
import { openPostgresStorage } from './storage';
import { until } from '../until-test-support';

const backends = useBothBackends('data_version');

describe('the data version of a team server (PostgreSQL)', () => {
  it('moves once another process commits a change to projects, and not before', async () => {
    const { storage, url, close } = await backends.fresh('postgres', 'data_version_two');
    const other = await openPostgresStorage(url!);
    const version = listenDataVersion(url!);
    try {
      // Before it listens, nothing may be reused: every call answers a new number.
      const listening = () => version.current() === version.current();
      await until(listening, 'the listening connection');
      const before = version.current();
      const { id: orgId } = await storage.db
        .insertInto('organizations')
        .values({ name: 'Acme', created_at: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      // An uncommitted change says nothing yet; its commit does.
      await other.transaction(async (tx) => {
        await sql`INSERT INTO memories (org_id, name, srclang, trglang, created_at, updated_at)
                  VALUES (${orgId}, 'TM', 'en', 'es', 0, 0)`.execute(tx);
        await sql`INSERT INTO projects (org_id, memory_id, name, srclang, trglang, created_at, updated_at)
                  SELECT ${orgId}, id, 'P', 'en', 'es', 0, 0 FROM memories`.execute(tx);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(version.current()).toBe(before);
      });
      await until(() => version.current() !== before, 'the notification of the commit');
      const after = version.current();
      await other.db.updateTable('projects').set({ state: 'inReview' }).execute();
      await until(() => version.current() !== after, 'the notification of the move');
    } finally {
      await version.close();
      await other.close();
      await close();
    }
  });

  it("moves at once with this process's own committed writes, before any notification", async () => {
    const { storage, url, close } = await backends.fresh('postgres', 'data_version_own');
    const version = listenDataVersion(url!, storage.onCommittedWrite);
    try {
      await until(() => version.current() === version.current(), 'the listening connection');
      // Organizations send no notification: only the process's own account can move it.
      const organization = (name: string) => ({ name, created_at: 0 });
      const before = version.current();
      await storage.transaction(async (tx) => {
        await tx.insertInto('organizations').values(organization('A')).execute();
        expect(version.current()).toBe(before);
      });
      const afterTransaction = version.current();
      expect(afterTransaction).not.toBe(before);
      await storage.db.insertInto('organizations').values(organization('B')).execute();
      expect(version.current()).not.toBe(afterTransaction);
      // A read moves nothing.
      const settled = version.current();
      await storage.db.selectFrom('organizations').select('id').execute();
      expect(version.current()).toBe(settled);
    } finally {
      await version.close();
      await close();
    }
  });
});
