import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliProcesses } from '../cli/cli-process';
import { dropSharedPgDatabase, sharedPgDatabase } from '../db/shared-pg-test-support';
import { crash, KILL_TEST_KEY } from '../kill-support';
import { call } from '../kill-requests';
import { tempDir } from '../test-support';
import { startReceiver, type Receiver } from './receiver-test-support';
import { BASE } from './routes';

// A team server: two processes on one PostgreSQL database. The process sending to a receiver
// is killed (SIGKILL) mid-attempt; once its lease runs out (2 s here, 30 s by default) the other takes
// the configuration over and sends every event, in order, the interrupted one again.

const EVENTS = 4;
const cli = cliProcesses();
let database: string;
let dir: string;
let receiver: Receiver;

beforeAll(async () => {
  database = await sharedPgDatabase('hooks_team_kill');
  dir = tempDir();
  receiver = await startReceiver();
  // A killed process's deliveries are taken over once its lease runs out: 2 s here (as in
  // team-server.test.ts), 30 s by default.
  process.env.WORDBENCH_WORK_LEASE_MS = '2000';
});

afterAll(async () => {
  delete process.env.WORDBENCH_WORK_LEASE_MS;
  await cli.stop();
  await receiver?.close();
  if (database) await dropSharedPgDatabase(database);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Reads the database as an operator would: the events in order, and who holds the lease. */
async function inspect(configurationId: number) {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    const events = await client.query<{ message_id: string }>(
      'SELECT message_id FROM webhook_events ORDER BY id',
    );
    const lease = await client.query<{ lease_owner: string | null }>(
      'SELECT lease_owner FROM webhook_configurations WHERE id = $1',
      [configurationId],
    );
    return {
      messageIds: events.rows.map((row) => row.message_id),
      owner: lease.rows[0]?.lease_owner ?? null,
    };
  } finally {
    await client.end();
  }
}

describe('webhook deliveries of a team server process killed mid-attempt', () => {
  it('are taken over by the other process once the lease runs out', async () => {
    const args = ['--database', database, '--data', dir, '--bootstrap-key', KILL_TEST_KEY];
    const allow = ['--webhook-allow', '127.0.0.1'];
    const servers = [await cli.serve([...args, ...allow]), await cli.serve([...args, ...allow])];
    receiver.respond(() => ({ hang: true }));
    const created = await call(servers[0]!, 'POST', BASE, {
      webhookName: 'team crash test',
      webhookUrl: receiver.url,
      eventType: ['JOB_UPDATE'],
    });
    expect(created.status).toBe(200);
    const id = (created.json as { id: number }).id;
    for (let i = 0; i < EVENTS; i += 1) {
      expect((await call(servers[i % 2]!, 'POST', `${BASE}/${id}/test`)).status).toBe(200);
    }
    await receiver.waitFor(1);
    const { messageIds, owner } = await inspect(id);
    // The owner is `host:pid:tag`: kill the process that is sending.
    const holder = servers.find((server) => owner?.split(':')[1] === String(server.child.pid));
    expect(holder, `lease owner ${owner}`).toBeDefined();
    await crash(holder!.child);
    receiver.respond(() => ({ status: 200 }));
    await receiver.waitFor(EVENTS + 1);
    const received = receiver.requests.map((request) => request.headers['webhook-id']);
    expect(received).toEqual([messageIds[0], ...messageIds]);
    expect(messageIds).toHaveLength(EVENTS);
  });
});
