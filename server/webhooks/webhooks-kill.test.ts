import { rmSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { observe } from '../data-integrity';
import { crash, serverProcesses } from '../kill-support';
import { call } from '../kill-requests';
import { tempDir } from '../test-support';
import { eventually } from './dispatcher-test-support';
import { startReceiver, type Receiver } from './receiver-test-support';
import { BASE } from './routes';

// A server killed (SIGKILL) after events were committed and before they were all delivered: one
// attempt hangs at the receiver, the others wait behind it. After the restart the receiver gets
// every event, in order, the one in flight again with the same webhook-id: at least once, none
// lost.

const processes = serverProcesses();
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  processes.cleanup();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const EVENTS = 6;

async function receiverFor(): Promise<Receiver> {
  const receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  return receiver;
}

/** The message ids of the events in the order they were committed, read from the file. */
function committedMessageIds(dataDir: string): string[] {
  const db = observe(dataDir);
  try {
    const rows = db.prepare('SELECT message_id FROM webhook_events ORDER BY id').all();
    return (rows as Array<{ message_id: string }>).map((row) => row.message_id);
  } finally {
    db.close();
  }
}

describe('webhook deliveries across a crash', () => {
  it('are all sent after the restart, in order, the interrupted one again', async () => {
    const dataDir = tempDir();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const receiver = await receiverFor();
    receiver.respond(() => ({ hang: true }));
    let server = await processes.serve(dataDir);
    const created = await call(server, 'POST', BASE, {
      webhookName: 'crash test',
      webhookUrl: receiver.url,
      eventType: ['PROJECT_UPDATE'],
    });
    expect(created.status).toBe(200);
    const { id, secret } = created.json as { id: number; secret: string };
    for (let i = 0; i < EVENTS; i += 1) {
      expect((await call(server, 'POST', `${BASE}/${id}/test`)).status).toBe(200);
    }
    await receiver.waitFor(1);
    await crash(server.child);
    const committed = committedMessageIds(dataDir);
    expect(committed).toHaveLength(EVENTS);
    expect(receiver.requests.map((r) => r.headers['webhook-id'])).toEqual([committed[0]]);

    receiver.respond(() => ({ status: 200 }));
    server = await processes.serve(dataDir);
    await receiver.waitFor(EVENTS + 1);
    const received = receiver.requests.map((r) => r.headers['webhook-id']);
    expect(received).toEqual([committed[0], ...committed]);
    const verifier = new Webhook(secret);
    for (const request of receiver.requests) {
      verifier.verify(request.body, request.headers as Record<string, string>);
    }
    let log: Array<{ state: string; attempts: number }> = [];
    await eventually(async () => {
      const answer = await call(server, 'GET', `${BASE}/${id}/deliveries?limit=${EVENTS}`);
      log = answer.json as typeof log;
      return log.length === EVENTS && log.every((delivery) => delivery.state === 'delivered');
    }, 'every delivery recorded as delivered');
    expect(log.map((d) => [d.state, d.attempts])).toEqual(log.map(() => ['delivered', 1]));
    // Nothing more comes: each event once, the interrupted one twice.
    expect(receiver.requests).toHaveLength(EVENTS + 1);
  });
});
