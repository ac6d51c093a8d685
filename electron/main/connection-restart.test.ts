import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliEntry } from '../../server/cli/cli-bundle-test-support';
import type { ConnectionState } from '../../shared/ipc/settings';
import { statusLog } from '../test-support/status-log';
import { createConnection } from './connection';
import { createConnectionSettingsFile } from './connection-settings';
import { createGateway } from './gateway/gateway';
import { startLocalServer, type LocalServer } from './local-server';
import { RESTARTING_MESSAGE } from './server-supervisor';
import { createFileVault } from './vault/file-vault';

// The real server CLI in a child process (bundled from the sources for the run, so no build is
// needed), killed for real.
describe('connection: the embedded server restarted after it dies', () => {
  let folder: string;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'wordbench-restart-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('restarts a killed server on the same data and key, and the next call reaches it', async () => {
    const launches: Array<{ apiKey: string; server: LocalServer }> = [];
    const log = statusLog<ConnectionState>();
    let releaseBackoff = () => {};
    const connection = createConnection({
      vault: createFileVault(join(folder, 'vault.json')),
      settings: createConnectionSettingsFile(join(folder, 'connection.json')),
      launchEmbedded: async (apiKey) => {
        const server = await startLocalServer({
          entry: cliEntry(),
          execPath: process.execPath,
          env: { NODE_OPTIONS: '' },
          dataDir: join(folder, 'server'),
          apiKey,
        });
        launches.push({ apiKey, server });
        return server;
      },
      onChange: log.push,
      // The backoff lasts until the test has seen a call fail while the server is down.
      restart: { delay: () => new Promise<void>((done) => (releaseBackoff = done)) },
    });
    const gateway = createGateway({ target: () => connection.target() });
    const memories = () =>
      gateway.json<Array<{ name: string }>>({ method: 'GET', path: '/v2/memories' });

    await connection.start();
    await gateway.json({
      method: 'POST',
      path: '/v2/memories',
      json: { name: 'Kept across restarts', srclang: 'en', trglang: 'de' },
    });

    const restarting = log.until((state) => state.embedded.state === 'starting');
    const running = log.until((state) => state.embedded.state === 'running');
    process.kill(launches[0]!.server.pid!, 'SIGKILL');
    expect((await restarting).embedded).toMatchObject({
      state: 'starting',
      message: RESTARTING_MESSAGE,
    });
    // While it is down, a call fails at once with words the renderer shows, and may be retried.
    await expect(memories()).rejects.toMatchObject({
      code: 'network',
      message: RESTARTING_MESSAGE,
    });

    releaseBackoff();
    // A new process (its port is the system's pick, and may even be the old one again).
    const second = (await running).baseUrl;
    expect(launches).toHaveLength(2);
    const health = await fetch(`${second}/health`);
    expect(health.ok).toBe(true);
    await expect(memories()).resolves.toEqual([
      expect.objectContaining({ name: 'Kept across restarts' }),
    ]);
    expect(launches.map((launch) => launch.apiKey)).toEqual([
      launches[0]!.apiKey,
      launches[0]!.apiKey,
    ]);

    await connection.stop();
    expect(connection.state().embedded).toEqual({ state: 'stopped' });
  });
});
