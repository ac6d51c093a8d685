import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createAppCore } from './main/app-core';
import { createConnectionSettingsFile } from './main/connection-settings';
import { startLocalServer } from './main/local-server';
import { createFileVault } from './main/vault/file-vault';
import { defaultWebHostDataDir } from './web-host/data-folder';
import { startWebHost } from './web-host/http-host';

const USAGE = `Usage: npm run web -- [--port N] [--data DIR]

Serves the Wordbench app to a browser on 127.0.0.1, with the same channels as the desktop app.
  --port N     port to listen on (default 5178; 0 picks a free one)
  --data DIR   where the vault, settings and embedded server data live
               (default ${defaultWebHostDataDir()})
  --help       show this help`;

// Built layout: out/web-host/index.js beside out/renderer/ and out/server/main.js.
const outDir = join(dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '5178' },
        data: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a whole number from 0 to 65535, not "${values.port}".`);
    process.exit(2);
  }
  const dataDir = resolve(values.data ?? defaultWebHostDataDir());
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });

  const core = createAppCore({
    info: {
      version: process.env.npm_package_version ?? '0.1.0',
      host: 'web',
      platform: process.platform,
    },
    vault: createFileVault(join(dataDir, 'vault.json')),
    settings: createConnectionSettingsFile(join(dataDir, 'connection.json')),
    launchEmbedded: (apiKey, onProgress) =>
      startLocalServer({
        entry: join(outDir, 'server', 'main.js'),
        execPath: process.execPath,
        dataDir: join(dataDir, 'server'),
        apiKey,
        onProgress,
      }),
    logError: (error, channel) => console.error(`[channel ${channel}]`, error),
  });
  // The embedded server's failures and restarts, for whoever watches this terminal.
  core.subscribe((event) => {
    if (event !== 'connection:changed') return;
    const { embedded } = core.connection.state();
    if (embedded.state === 'starting' && embedded.message) console.error(embedded.message);
    if (embedded.state === 'failed') {
      console.error(`Embedded server failed: ${embedded.message}`);
      if (embedded.details) console.error(embedded.details);
    }
  });
  // Signals stop the embedded server too, from now on: it must not outlive the host.
  const stopping: { host?: { close(): Promise<void> }; isStopping?: boolean } = {};
  const stop = () => {
    if (stopping.isStopping) return;
    stopping.isStopping = true;
    void Promise.all([stopping.host?.close(), core.stop()]).finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Started before the host listens: the server's start and the page's load overlap.
  void core.start();
  const token = randomBytes(24).toString('base64url');
  const listen = (onPort: number) =>
    startWebHost({ core, staticDir: join(outDir, 'renderer'), token, port: onPort });
  const host = await listen(port)
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE' || port === 0) throw error;
      console.error(`Port ${port} is in use; picking a free one.`);
      return listen(0);
    })
    .catch(async (error: unknown) => {
      // The embedded server must not outlive a host that could not start.
      await core.stop();
      throw error;
    });
  console.log(`Wordbench web host: ${host.url}`);
  console.log('Open that address in a browser. Press Ctrl+C to stop.');
  stopping.host = host;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
