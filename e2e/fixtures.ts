import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, type TestInfo } from '@playwright/test';
import {
  createOrganizationKey,
  serverEntry,
  startProcess,
  stopProcess,
  webHostEntry,
  type Started,
} from './processes';

export { expect } from '@playwright/test';

/**
 * Where a test's web host sends its API calls:
 * - `shared`: the worker's API server, in an organization of the test's own (the default);
 * - `embedded`: the web host starts its own embedded server, as the app does on a fresh
 *   machine. For tests about that server's life, its key and the connection settings.
 */
export type ConnectionKind = 'shared' | 'embedded';

export interface WebHost {
  /** The address the host printed, token included: what a user opens. */
  url: string;
  /** `http://127.0.0.1:PORT`, for calls made without the page. */
  origin: string;
  /** This test's own data folder (vault, settings, and the embedded server's data). */
  dataDir: string;
  connection: ConnectionKind;
}

/** The API server a worker starts once; each test gets its own organization on it. */
export interface SharedServer {
  url: string;
  dataDir: string;
  /** The key of an organization no test has used yet. */
  newOrganizationKey(): Promise<string>;
}

const WEB_HOST_LINE = /Wordbench web host: (http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+)/;
const SERVER_LINE = /listening on (http:\/\/\S+)/;

async function attachOutput(testInfo: TestInfo, name: string, started: Started): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach(name, { body: started.output.text, contentType: 'text/plain' });
}

/** The organization's key and the server's address, as the user would save them in Settings. */
async function connectToShared(dataDir: string, server: SharedServer) {
  const key = await server.newOrganizationKey();
  await writeFile(
    path.join(dataDir, 'connection.json'),
    JSON.stringify({ mode: 'remote', baseUrl: server.url }),
    { mode: 0o600 },
  );
  await writeFile(
    path.join(dataDir, 'vault.json'),
    JSON.stringify({ version: 1, keys: { remote: key } }),
    { mode: 0o600 },
  );
}

export const test = base.extend<
  { connection: ConnectionKind; webHost: WebHost },
  { sharedServer: SharedServer }
>({
  connection: ['shared', { option: true }],

  sharedServer: [
    // Playwright reads the fixtures a fixture needs from its first parameter: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'wordbench-e2e-server-'));
      const started = await startProcess(
        serverEntry(),
        ['--host', '127.0.0.1', '--port', '0', '--data', dataDir],
        SERVER_LINE,
      );
      // One key is made ahead, while a test runs: the CLI takes about half a second to start.
      let made = 0;
      const make = () =>
        createOrganizationKey(dataDir, `e2e-${workerInfo.workerIndex}-${(made += 1)}`);
      const spare: { key?: Promise<string> } = {};
      const newOrganizationKey = () => {
        const key = spare.key ?? make();
        spare.key = make();
        // Awaited by the next test, or at teardown: never an unhandled rejection meanwhile.
        spare.key.catch(() => undefined);
        return key;
      };
      try {
        await use({ url: started.url, dataDir, newOrganizationKey });
      } finally {
        await spare.key?.catch(() => undefined);
        await stopProcess(started.child);
        if (started.child.exitCode !== 0 && started.child.signalCode !== 'SIGTERM') {
          console.error(`Worker ${workerInfo.workerIndex}'s API server:\n${started.output.text}`);
        }
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  webHost: [
    async ({ connection, sharedServer }, use, testInfo) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'wordbench-e2e-'));
      try {
        if (connection === 'shared') await connectToShared(dataDir, sharedServer);
        const started = await startProcess(
          webHostEntry(),
          ['--port', '0', '--data', dataDir],
          WEB_HOST_LINE,
        );
        try {
          await use({ url: started.url, origin: new URL(started.url).origin, dataDir, connection });
        } finally {
          await stopProcess(started.child);
          await attachOutput(testInfo, 'web-host-output', started);
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    // Not part of the test's own time: a hang guard, the host prints its address in a second.
    { timeout: 120_000 },
  ],
});
