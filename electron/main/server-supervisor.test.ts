import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServerStatus } from '../../shared/ipc/settings';
import { startLocalServer, type LocalServer } from './local-server';
import {
  DEFAULT_RESTART_POLICY,
  RESTARTING_MESSAGE,
  superviseServer,
  type SupervisorOptions,
} from './server-supervisor';
import { statusLog } from '../test-support/status-log';

// A small real server: it prints the line startLocalServer waits for and answers /health; with
// DIE_AFTER_HEALTH set it writes a complaint to stderr and exits once it has answered.
const SCRIPT = `
import { createServer } from 'node:http';
const server = createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end('{"status":"ok"}', () => {
    if (!process.env.DIE_AFTER_HEALTH) return;
    process.stderr.write('fatal: the disk is full\\n');
    process.exit(3);
  });
});
server.listen(0, '127.0.0.1', () =>
  console.log('listening on http://127.0.0.1:' + server.address().port));
`;

describe('server supervisor (real child processes)', () => {
  let folder: string;
  let launched: LocalServer[];

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'wordbench-supervisor-'));
    writeFileSync(join(folder, 'server.mjs'), SCRIPT);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const supervise = (dies: boolean, extra: Omit<SupervisorOptions, 'launch' | 'onStatus'>) => {
    launched = [];
    const log = statusLog<EmbeddedServerStatus>();
    const supervisor = superviseServer({
      ...extra,
      launch: async () => {
        const server = await startLocalServer({
          entry: join(folder, 'server.mjs'),
          execPath: process.execPath,
          dataDir: folder,
          apiKey: 'wb_unused',
          env: dies ? { DIE_AFTER_HEALTH: '1' } : {},
        });
        launched.push(server);
        return server;
      },
      onStatus: log.push,
    });
    return { supervisor, log };
  };

  it('starts a new server at a new address when the server is killed', async () => {
    const { supervisor, log } = supervise(false, { delay: async () => {} });
    await supervisor.start();
    const first = log.last();
    expect(first).toMatchObject({ state: 'running' });

    const restarting = log.until((status) => status.state === 'starting');
    const restarted = log.until((status) => status.state === 'running');
    process.kill(launched[0]!.pid!, 'SIGKILL');
    expect(await restarting).toMatchObject({
      state: 'starting',
      message: RESTARTING_MESSAGE,
      restarts: { count: 0, lastReason: expect.stringContaining('killed by SIGKILL') },
    });
    const second = await restarted;
    expect(launched).toHaveLength(2);
    // Settings shows how often it was restarted, why last time, and which process runs now.
    expect(second).toMatchObject({
      pid: launched[1]!.pid,
      restarts: { count: 1, lastReason: expect.stringContaining('killed by SIGKILL') },
    });
    const url = (second as { url: string }).url;
    await expect(fetch(`${url}/health`).then((response) => response.ok)).resolves.toBe(true);
    await supervisor.stop();
    expect(launched).toHaveLength(2);
  });

  it('stops restarting after the limit, with the stderr lines as details', async () => {
    const waits: number[] = [];
    const { supervisor, log } = supervise(true, {
      policy: { maxRestarts: 2, backoffMs: (attempt) => attempt + 1 },
      delay: async (ms) => void waits.push(ms),
    });
    const failed = log.until((status) => status.state === 'failed');
    await supervisor.start();
    const final = await failed;
    expect(launched).toHaveLength(3);
    expect(waits).toEqual([1, 2]);
    expect(final).toMatchObject({
      message:
        'The local server keeps stopping (3 times within 5 minutes) and is no longer restarted: restart Wordbench.',
    });
    const details = (final as { details?: string }).details ?? '';
    expect(details).toContain('exited with code 3');
    expect(details).toContain('fatal: the disk is full');
    expect(
      log.all().filter((status) => status.state === 'starting' && status.message),
    ).toHaveLength(3);
    await supervisor.stop();
  });

  it('cancels a waiting restart when stopped', async () => {
    const held: AbortSignal[] = [];
    const { supervisor, log } = supervise(true, {
      // Waits until aborted: only stop() ends this backoff.
      delay: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          held.push(signal);
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    });
    const restarting = log.until((status) => status.state === 'starting' && !!status.message);
    await supervisor.start();
    await restarting;
    await supervisor.stop();
    expect(held).toHaveLength(1);
    expect(held[0]!.aborted).toBe(true);
    expect(launched).toHaveLength(1);
    expect(log.last()).toMatchObject({ state: 'starting', message: RESTARTING_MESSAGE });
  });
});

describe('server supervisor policy', () => {
  it('stops a server that finishes starting after it was asked to stop, and waits for that', async () => {
    let finishLaunch: (server: LocalServer) => void = () => {};
    const stopped: string[] = [];
    const log = statusLog<EmbeddedServerStatus>();
    const supervisor = superviseServer({
      launch: () => new Promise<LocalServer>((resolve) => (finishLaunch = resolve)),
      onStatus: log.push,
    });
    const starting = supervisor.start();
    const stopping = supervisor.stop();
    finishLaunch({
      url: 'http://127.0.0.1:1',
      stop: async () => void stopped.push('late server'),
      onUnexpectedExit: () => {},
    });
    await Promise.all([starting, stopping]);
    expect(stopped).toEqual(['late server']);
    expect(log.all().map((status) => status.state)).toEqual(['starting']);
  });

  it('waits twice as long before each restart, up to 8 seconds', () => {
    expect([0, 1, 2, 3, 4, 5].map(DEFAULT_RESTART_POLICY.backoffMs)).toEqual([
      500, 1000, 2000, 4000, 8000, 8000,
    ]);
    expect(DEFAULT_RESTART_POLICY).toMatchObject({ maxRestarts: 5, windowMs: 300_000 });
  });

  it('reports a first start that fails, without retrying it', async () => {
    let launches = 0;
    const log = statusLog<EmbeddedServerStatus>();
    const supervisor = superviseServer({
      launch: async () => {
        launches += 1;
        throw new Error('port exhausted');
      },
      onStatus: log.push,
    });
    await supervisor.start();
    expect(log.all()).toEqual([
      { state: 'starting', since: expect.any(Number) },
      { state: 'failed', message: 'port exhausted' },
    ]);
    expect(launches).toBe(1);
  });

  it('counts only the stops within the window', async () => {
    let clock = 0;
    const crashes: Array<() => void> = [];
    const log = statusLog<EmbeddedServerStatus>();
    const supervisor = superviseServer({
      launch: async () => ({
        url: `http://127.0.0.1:${crashes.length + 1}`,
        stop: async () => {},
        onUnexpectedExit: (listener) =>
          void crashes.push(() => listener({ reason: 'It crashed.', lastErrors: '' })),
      }),
      onStatus: log.push,
      policy: { maxRestarts: 1, windowMs: 1_000 },
      delay: async () => {},
      now: () => clock,
    });
    const runningAt = (port: number) =>
      log.until((status) => status.state === 'running' && status.url.endsWith(`:${port}`));
    await supervisor.start();
    const second = runningAt(2);
    crashes[0]!();
    await second;
    clock = 2_000; // the first stop has left the window
    const third = runningAt(3);
    crashes[1]!();
    await third;
    clock = 2_500;
    const failed = log.until((status) => status.state === 'failed');
    crashes[2]!();
    const final = await failed;
    expect(final).toMatchObject({ message: expect.stringContaining('2 times within 1000 ms') });
    expect(final).toMatchObject({ details: 'It crashed.' });
  });
});
