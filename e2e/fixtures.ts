import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

export interface WebHost {
  /** The address the host printed, token included: what a user opens. */
  url: string;
  /** `http://127.0.0.1:PORT`, for calls made without the page. */
  origin: string;
  /** This test's own data folder (vault, settings, embedded server data). */
  dataDir: string;
}

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const ENTRY = 'out/web-host/index.js';
const READY_LINE = /Wordbench web host: (http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+)/;
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

/** Waits for the line that carries the address; fails with everything the process printed. */
function waitForAddress(child: ChildProcess, output: { text: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    const finish = (error: Error | null, url?: string) => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(url ?? '');
    };
    const onData = (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const match = READY_LINE.exec(stdout);
      if (match?.[1]) finish(null, match[1]);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      finish(
        new Error(
          `The web host exited (${signal ?? `code ${code}`}) before printing its address.\n${output.text}`,
        ),
      );
    const timer = setTimeout(
      () =>
        finish(
          new Error(
            `The web host printed no address within ${START_TIMEOUT_MS / 1000} s.\n${output.text}`,
          ),
        ),
      START_TIMEOUT_MS,
    );
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

export const test = base.extend<{ webHost: WebHost }>({
  webHost: [
    // Playwright reads the fixtures a fixture needs from its first parameter: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      if (!existsSync(path.join(REPO_ROOT, ENTRY))) {
        throw new Error(`${ENTRY} is missing: run \`npm run build\` before the e2e tests.`);
      }
      const dataDir = await mkdtemp(path.join(tmpdir(), 'wordbench-e2e-'));
      const child = spawn(process.execPath, [ENTRY, '--port', '0', '--data', dataDir], {
        cwd: REPO_ROOT,
        // llama.cpp's threads spin: on a busy 2-core machine one thread is far faster (Create).
        env: { ...process.env, WORDBENCH_CREATE_THREADS: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const output = { text: '' };
      const record = (stream: string) => (chunk: Buffer) => {
        output.text += `[${stream}] ${chunk.toString('utf8')}`;
      };
      child.stdout.on('data', record('stdout'));
      child.stderr.on('data', record('stderr'));
      try {
        const url = await waitForAddress(child, output);
        await use({ url, origin: new URL(url).origin, dataDir });
      } finally {
        await stop(child);
        if (testInfo.status !== testInfo.expectedStatus) {
          await testInfo.attach('web-host-output', {
            body: output.text,
            contentType: 'text/plain',
          });
        }
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    // Starting the host and its embedded server is not part of a test's own 30 s.
    { timeout: 45_000 },
  ],
});
