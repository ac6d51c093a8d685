/**
 * The change feed on a real PostgreSQL: changes committed through another connection reach the
 * feed in commit order, a lost connection is caught up without loss or repeats, and a reader
 * behind the pruned floor reloads.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEED_APPLICATION,
  latestChangeSeq,
  pruneChanges,
  startChangeFeed,
  type UnitChange,
} from './change-feed';
import { useBothBackends } from './backends-test-support';
import { until } from '../until-test-support';

const both = useBothBackends('feed');
let closeFeedDatabase: () => Promise<void>;
let url: string;
let writer: pg.Client;
let memoryId: number;

beforeAll(async () => {
  const fresh = await both.fresh('postgres', 'feed_changes');
  url = fresh.url!;
  closeFeedDatabase = fresh.close;
  writer = new pg.Client({ connectionString: url });
  await writer.connect();
  const org = await writer.query(
    "INSERT INTO organizations (name, created_at) VALUES ('o', 0) RETURNING id",
  );
  const memory = await writer.query(
    `INSERT INTO memories (org_id, name, srclang, trglang, created_at, updated_at)
     VALUES ($1, 'm', 'en', 'es', 0, 0) RETURNING id`,
    [org.rows[0].id],
  );
  memoryId = Number(memory.rows[0].id);
});

afterAll(async () => {
  await writer?.end();
  await closeFeedDatabase?.();
});

const addUnit = (client: pg.Client, source: string) =>
  client
    .query(
      `INSERT INTO memory_units (memory_id, source, target, source_hash, origin, created_at, updated_at)
       VALUES ($1, $2, 'x', 0, 'test', 0, 0) RETURNING id`,
      [memoryId, source],
    )
    .then((r) => Number(r.rows[0].id));

function follow(after: number, onGap = async () => 0) {
  const seen: UnitChange[] = [];
  const errors: Error[] = [];
  const feed = startChangeFeed({
    url,
    after,
    onChanges: (changes) => void seen.push(...changes),
    onGap,
    onError: (error) => errors.push(error),
  });
  return { feed, seen, errors };
}

describe('change feed', () => {
  it('delivers a unit written through another connection, soon after its commit', async () => {
    const { feed, seen } = follow(await latestChangeSeq(writer));
    await feed.caughtUp();
    // The feed has no poll: the change can only arrive through the commit's notification.
    const id = await addUnit(writer, 'Open the file.');
    await until(() => seen.length === 1, 'the change');
    expect(seen[0]).toMatchObject({ memoryId, unitId: id, op: 'upsert' });
    await feed.close();
  });

  it('delivers changes in commit order: a later transaction waits for an open one', async () => {
    const { feed, seen } = follow(await latestChangeSeq(writer));
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await writer.query('BEGIN');
    const first = await addUnit(writer, 'first');
    const second = addUnit(other, 'second'); // blocks on the feed's lock until the first commits
    await new Promise((resolve) => setTimeout(resolve, 100));
    await writer.query('COMMIT');
    const secondId = await second;
    await until(() => seen.length === 2, 'both changes');
    expect(seen.map((c) => c.unitId)).toEqual([first, secondId]);
    expect(seen[0]!.seq).toBeLessThan(seen[1]!.seq);
    await other.end();
    await feed.close();
  });

  it('catches up after losing its connection: nothing missed, nothing twice', async () => {
    const { feed, seen, errors } = follow(await latestChangeSeq(writer));
    await feed.caughtUp();
    // This database's feed only: other files' servers on the run's cluster have feeds too.
    const killed = await writer.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity ' +
        'WHERE application_name = $1 AND datname = current_database()',
      [FEED_APPLICATION],
    );
    expect(killed.rowCount).toBe(1);
    const ids = [await addUnit(writer, 'during 1'), await addUnit(writer, 'during 2')];
    await until(() => seen.length === 2, 'the changes made while disconnected');
    expect(errors.length).toBeGreaterThan(0);
    expect(seen.map((c) => c.unitId)).toEqual(ids);
    await writer.query('DELETE FROM memory_units WHERE id = $1', [ids[0]]);
    await until(() => seen.length === 3, 'the delete');
    expect(seen[2]).toMatchObject({ unitId: ids[0], op: 'delete' });
    await feed.close();
  });

  it('reloads when it is behind the pruned floor, then follows from the reload', async () => {
    await addUnit(writer, 'old');
    await pruneChanges(writer, 0);
    const latest = await latestChangeSeq(writer);
    let reloads = 0;
    const { feed, seen } = follow(0, async () => {
      reloads += 1;
      return latest;
    });
    await feed.caughtUp();
    expect(reloads).toBe(1);
    expect(seen).toEqual([]);
    const id = await addUnit(writer, 'after the reload');
    await until(() => seen.length === 1, 'the next change');
    expect(seen[0]!.unitId).toBe(id);
    await feed.close();
  });
});
