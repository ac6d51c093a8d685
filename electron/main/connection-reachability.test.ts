import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../shared/ipc/settings';
import { createConnection, type Connection } from './connection';
import { createConnectionSettingsFile } from './connection-settings';
import { createFileVault } from './vault/file-vault';
import { until } from '../../server/until-test-support';

describe('connection reachability', () => {
  let folder: string;
  let changes: ConnectionState[];
  let connection: Connection;
  let server: Server | null;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'wordbench-reach-'));
    changes = [];
    server = null;
    const vault = createFileVault(join(folder, 'vault.json'));
    vault.setKey('remote', 'team-key');
    connection = createConnection({
      vault,
      settings: createConnectionSettingsFile(join(folder, 'connection.json')),
      launchEmbedded: () => Promise.reject(new Error('not in this test')),
      onChange: (state) => changes.push(state),
      watchHealth: { intervalMs: 20, silentMs: 200, abandonMs: 2_000 },
    });
  });
  afterEach(async () => {
    await connection.stop();
    if (server) await new Promise((resolve) => server?.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  });

  it('says a hosted service cannot be reached and fails calls at once, until it answers', async () => {
    // A free port nobody listens on yet: the wrong address, or a service that is down.
    const probe = createServer((_request, response) => response.writeHead(200).end('{}'));
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const baseUrl = `http://127.0.0.1:${port}`;

    await connection.setSettings({ mode: 'remote', baseUrl });
    await until(() => connection.state().reachability?.state === 'unreachable');
    expect(changes.at(-1)?.reachability).toMatchObject({ state: 'unreachable' });
    // target() is synchronous: calls fail before any request, not after the gateway's 30 s.
    expect(() => connection.target()).toThrow(/Cannot reach the server at/);

    server = createServer((_request, response) => response.writeHead(200).end('{}'));
    await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
    await until(() => connection.state().reachability?.state === 'reachable');
    expect(connection.target()).toMatchObject({ baseUrl, apiKey: 'team-key' });
  });
});
