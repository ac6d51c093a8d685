/**
 * `npm run bench:webhooks`: webhook delivery through a real server process (SQLite, one desktop,
 * where loopback receivers are allowed), with receivers on 127.0.0.1 in this process.
 *  1. The added latency of a change that emits an event: sequential `PUT /v2/projects` moves,
 *     in blocks taking turns: no configuration enabled, one whose deliveries wait (the events'
 *     writes alone), one whose deliveries are sent meanwhile by the same process (each block's
 *     deliveries done before the next); p50/p99 of each, and their ratios to the first.
 *  2. Throughput: EVENTS project moves spread over RECEIVERS organizations, each with its own
 *     configuration and receiver; deliveries per second from the first move to the last delivery.
 *  3. Backlog: EVENTS events queued for one receiver while it is down; once it is back, the wait
 *     for the dispatcher's next retry (its backoff), then the time to drain the backlog.
 *
 *   npx tsx bench/webhooks.ts [--events 10000] [--receivers 10] [--latency 2000] [--projects 50]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServerProcess, stopServerProcess } from './server-process';
import { benchOrg, createBenchKeys, HOOKS, type BenchOrg } from './webhook-orgs';
import { startReceiver, waitFor } from './webhook-receivers';

const KEY = 'wb_bench_webhooks_key_0123456789';
const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '10000' },
    receivers: { type: 'string', default: '10' },
    latency: { type: 'string', default: '2000' },
    projects: { type: 'string', default: '50' },
  },
});
const EVENTS = Number(values.events);
const RECEIVERS = Number(values.receivers);
const LATENCY_MOVES = Number(values.latency);
const PROJECTS = Number(values.projects);
/** Moves under way at once while events are produced. */
const PARALLEL = 8;
const BLOCK = 100;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(2)} ms`;
const seconds = (n: number) => `${(n / 1000).toFixed(1)} s`;
const perSecond = (count: number, elapsed: number) => (count / (elapsed / 1000)).toFixed(0);

/** `count` moves, PARALLEL at a time, taking the organizations in turn. */
async function moveMany(orgs: BenchOrg[], count: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let n = next++; n < count; n = next++) await orgs[n % orgs.length]!.move();
    }),
  );
}

/**
 * Part 1: the moves' latencies in turns of blocks: no configuration enabled; one enabled whose
 * receiver refuses connections (its deliveries wait for a retry: the cost of writing the events
 * alone); one enabled whose receiver answers (the events also sent by this process meanwhile).
 */
async function latency(org: BenchOrg) {
  const receiver = await startReceiver();
  const sent = await org.subscribe(receiver.url);
  // Nothing listens on the discard port.
  const queued = await org.subscribe('http://127.0.0.1:9/hook');
  const modes = ['without', 'queued', 'sent'] as const;
  const timings = { without: [] as number[], queued: [] as number[], sent: [] as number[] };
  for (let block = 0; block * BLOCK < modes.length * LATENCY_MOVES; block++) {
    const mode = modes[block % modes.length]!;
    // Disabling fails what is pending: the queued ones do not linger.
    await org.call(`${HOOKS}/${sent}`, 'PUT', { enabled: mode === 'sent' });
    await org.call(`${HOOKS}/${queued}`, 'PUT', { enabled: mode === 'queued' });
    for (let i = 0; i < BLOCK; i++) {
      const start = performance.now();
      await org.move();
      timings[mode].push(performance.now() - start);
    }
    await waitFor(() => receiver.received === timings.sent.length, 120_000, 'the deliveries');
  }
  await Promise.all([sent, queued].map((id) => org.call(`${HOOKS}/${id}`, 'DELETE')));
  await receiver.close();
  for (const list of Object.values(timings)) list.sort((a, b) => a - b);
  for (const q of [0.5, 0.99]) {
    const [none, write, send] = modes.map((mode) => quantile(timings[mode], q));
    console.log(
      `PUT /v2/projects p${Math.round(q * 100)} (${LATENCY_MOVES} moves each): without a ` +
        `webhook ${ms(none!)}; with one, events queued ${ms(write!)} (ratio ` +
        `${(write! / none!).toFixed(2)}), events sent meanwhile ${ms(send!)} (ratio ` +
        `${(send! / none!).toFixed(2)})`,
    );
  }
}

/** Part 2: every organization's events to its own receiver. */
async function throughput(orgs: BenchOrg[]) {
  const receivers = await Promise.all(orgs.map(() => startReceiver()));
  await Promise.all(orgs.map((org, i) => org.subscribe(receivers[i]!.url)));
  const started = performance.now();
  await moveMany(orgs, EVENTS);
  const produced = performance.now() - started;
  const total = () => receivers.reduce((sum, r) => sum + r.received, 0);
  await waitFor(() => total() === EVENTS, 3_600_000, 'the deliveries');
  const drained = Math.max(...receivers.map((r) => r.lastAt)) - started;
  console.log(
    `throughput: ${EVENTS} events (moved at ${perSecond(EVENTS, produced)}/s) to ` +
      `${orgs.length} receivers, delivered in ${seconds(drained)} from the first move: ` +
      `${perSecond(EVENTS, drained)} deliveries/s; the last one ${seconds(drained - produced)} ` +
      'after the last move',
  );
  await Promise.all(receivers.map((r) => r.close()));
}

/** Part 3: a backlog queued while the receiver is down, drained once it is back. */
async function backlog(org: BenchOrg) {
  const receiver = await startReceiver();
  await org.subscribe(receiver.url);
  await receiver.down();
  const started = performance.now();
  await moveMany([org], EVENTS);
  const queued = performance.now() - started;
  await receiver.up();
  const back = performance.now();
  await waitFor(() => receiver.received >= EVENTS, 3_600_000, 'the backlog');
  const waited = receiver.firstSinceUpAt - back;
  const drain = receiver.lastAt - receiver.firstSinceUpAt;
  console.log(
    `backlog of ${EVENTS} (queued in ${seconds(queued)}): first delivery ${seconds(waited)} ` +
      `after the receiver came back (the retry's backoff), drained ${seconds(drain)} later ` +
      `(${perSecond(EVENTS, drain)} deliveries/s); ${seconds(receiver.lastAt - back)} in all`,
  );
  await receiver.close();
}

const dir = mkdtempSync(join(tmpdir(), 'wordbench-bench-webhooks-'));
const server = await startServerProcess(dir, KEY, ['--quota', '100000000']);
console.log(`webhooks bench: load average before ${load()}`);
try {
  const keys = await createBenchKeys(dir, RECEIVERS);
  const orgs = await Promise.all(keys.map((key) => benchOrg(server.url, key, PROJECTS)));
  const own = await benchOrg(server.url, KEY, PROJECTS);
  await latency(own);
  await throughput(orgs);
  await backlog(own);
} finally {
  console.log(`load average after ${load()}`);
  await stopServerProcess(server);
  rmSync(dir, { recursive: true, force: true });
}
