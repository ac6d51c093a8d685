import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer } from '../../server/start';
import type { ConnectionState } from '../../shared/ipc/settings';
import { createConnection } from './connection';
import { createConnectionSettingsFile } from './connection-settings';
import { createGateway } from './gateway/gateway';
import { GatewayError } from './gateway/gateway-error';
import type { LocalServer } from './local-server';
import { createFileVault } from './vault/file-vault';

describe('connection', () => {
  let folder: string;
  let launches: string[];
  let changes: ConnectionState[];

  // The real server, started in-process with the key the connection hands it.
  const launchEmbedded = async (apiKey: string): Promise<LocalServer> => {
    launches.push(apiKey);
    const server = await startServer({
      dataDir: join(folder, 'server'),
      bootstrapKey: apiKey,
      logger: false,
    });
    return { url: server.url, stop: () => server.close(), onUnexpectedExit: () => {} };
  };

  const open = (launch = launchEmbedded) => {
    const vault = createFileVault(join(folder, 'vault.json'));
    const connection = createConnection({
      vault,
      settings: createConnectionSettingsFile(join(folder, 'connection.json')),
      launchEmbedded: launch,
      onChange: (state) => changes.push(state),
    });
    const gateway = createGateway({ target: () => connection.target() });
    return { vault, connection, gateway };
  };

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'wordbench-connection-'));
    launches = [];
    changes = [];
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('creates a key on first start, keeps it in the vault, and reaches the server with it', async () => {
    const { vault, connection, gateway } = open();
    await connection.start();
    const key = vault.getKey('embedded');
    expect(key).toMatch(/^wb_/);
    expect(launches).toEqual([key]);
    expect(connection.state()).toMatchObject({
      mode: 'embedded',
      hasApiKey: true,
      embedded: { state: 'running' },
    });
    expect(changes.map((state) => state.embedded.state)).toEqual(['starting', 'running']);
    await expect(gateway.json({ method: 'GET', path: '/v2/languages' })).resolves.toBeDefined();
    await connection.stop();
  });

  it('restarts the embedded server with a key the user sets, and with a fresh one when cleared', async () => {
    const { vault, connection, gateway } = open();
    await connection.start();
    const first = vault.getKey('embedded');
    await connection.setApiKey('wb_chosen_by_the_user_123');
    await expect(gateway.json({ method: 'GET', path: '/v2/languages' })).resolves.toBeDefined();
    await connection.clearApiKey();
    const fresh = vault.getKey('embedded');
    expect(fresh).not.toBe(first);
    expect(fresh).not.toBe('wb_chosen_by_the_user_123');
    await expect(gateway.json({ method: 'GET', path: '/v2/languages' })).resolves.toBeDefined();
    expect(launches).toEqual([first, 'wb_chosen_by_the_user_123', fresh]);
    await connection.stop();
  });

  it('switches to a hosted service: stops the embedded server and asks for that key', async () => {
    const { connection } = open();
    await connection.start();
    const state = await connection.setSettings({
      mode: 'remote',
      baseUrl: 'https://api.example.com',
    });
    expect(state).toMatchObject({
      mode: 'remote',
      baseUrl: 'https://api.example.com',
      commentsBaseUrl: 'https://api.example.com/2',
      hasApiKey: false,
      embedded: { state: 'stopped' },
    });
    expect(() => connection.target()).toThrow(GatewayError);
    await connection.setApiKey('remote-key');
    expect(connection.target()).toEqual({
      baseUrl: 'https://api.example.com',
      commentsBaseUrl: 'https://api.example.com/2',
      apiKey: 'remote-key',
    });
    // The choice survives a restart of the app.
    expect(open().connection.state()).toMatchObject({ mode: 'remote', hasApiKey: true });
  });

  it('reaches a hosted service only over https, trusting the team’s authorities when given', async () => {
    const { connection } = open();
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    for (const refused of [
      { mode: 'remote' as const, baseUrl: 'http://api.example.com' },
      {
        mode: 'remote' as const,
        baseUrl: 'https://a.example',
        commentsBaseUrl: 'http://10.0.0.2/2',
      },
      {
        mode: 'remote' as const,
        baseUrl: 'https://a.example',
        caCertificates: 'not a certificate',
      },
    ]) {
      await expect(connection.setSettings(refused)).rejects.toMatchObject({
        code: 'invalid-input',
      });
    }
    // Nothing of a refused setting was kept.
    expect(open().connection.state()).toMatchObject({ mode: 'embedded', caCertificates: null });
    // This computer over plain http stays possible (a local test server).
    await connection.setSettings({ mode: 'remote', baseUrl: 'http://127.0.0.1:8080' });
    await connection.setSettings({
      mode: 'remote',
      baseUrl: 'https://wordbench.team.example',
      caCertificates: pem,
    });
    await connection.setApiKey('team-key');
    expect(connection.target()).toMatchObject({ apiKey: 'team-key', ca: pem });
    expect(open().connection.state()).toMatchObject({ caCertificates: pem });
  });

  it('reports a server that fails to start, and calls fail with that reason', async () => {
    const { connection } = open(async () => {
      throw new Error('port exhausted');
    });
    await connection.start();
    expect(connection.state().embedded).toEqual({ state: 'failed', message: 'port exhausted' });
    try {
      connection.target();
      throw new Error('expected a failure');
    } catch (error) {
      expect(error).toMatchObject({ code: 'not-configured' });
      expect((error as Error).message).toContain('port exhausted');
    }
  });
});
