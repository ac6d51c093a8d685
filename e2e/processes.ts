import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');
/** Set by the global setup: the run's own copy of out/. */
export const OUT_DIR_ENV = 'WORDBENCH_E2E_OUT';
export const BUILT_ENTRIES = ['web-host/index.js', 'server/main.js', 'renderer/index.html'];
const outDir = () => process.env[OUT_DIR_ENV] ?? path.join(REPO_ROOT, 'out');
export const webHostEntry = () => path.join(outDir(), 'web-host', 'index.js');
export const serverEntry = () => path.join(outDir(), 'server', 'main.js');

// llama.cpp's threads spin: on a busy 2-core machine one thread is far faster (Create).
const ENV = { ...process.env, WORDBENCH_CREATE_THREADS: '1' };
// Hang guards only: each wait ends on the line it waits for, which comes in about a second.
const START_HANG_GUARD_MS = 90_000;
const STOP_GRACE_MS = 10_000;

/** A child process of the suite (web host or API server), with everything it printed. */
export interface Started {
  child: ChildProcess;
  /** The address the process printed once it listens. */
  url: string;
  output: { text: string };
}

function requireBuilt(entry: string): void {
  if (!existsSync(entry)) {
    throw new Error(`${entry} is missing: run \`node scripts/build.mjs\` before the e2e tests.`);
  }
}

/**
 * Starts `node entry args` and resolves with the first capture of `addressLine` on stdout;
 * fails with everything the process printed if it exits first.
 */
export async function startProcess(
  entry: string,
  args: string[],
  addressLine: RegExp,
  env: NodeJS.ProcessEnv = {},
): Promise<Started> {
  requireBuilt(entry);
  const child = spawn(process.execPath, [entry, ...args], {
    cwd: REPO_ROOT,
    env: { ...ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { text: '' };
  let stdout = '';
  const url = await new Promise<string>((resolve, reject) => {
    const finish = (error: Error | null, found = '') => {
      clearTimeout(timer);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(found);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      finish(
        new Error(
          `${entry} exited (${signal ?? `code ${code}`}) before listening.\n${output.text}`,
        ),
      );
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(
        new Error(
          `${entry} printed no address in ${START_HANG_GUARD_MS / 1000} s.\n${output.text}`,
        ),
      );
    }, START_HANG_GUARD_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      output.text += `[stdout] ${chunk.toString('utf8')}`;
      stdout += chunk.toString('utf8');
      const match = addressLine.exec(stdout);
      if (match?.[1]) finish(null, match[1]);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output.text += `[stderr] ${chunk.toString('utf8')}`;
    });
    child.once('exit', onExit);
  });
  return { child, url, output };
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * A key for a new organization on the server whose data folder is `dataDir`, made with the
 * server's own CLI (`keys create --org --user`) while that server runs.
 */
export function createOrganizationKey(dataDir: string, org: string): Promise<string> {
  const entry = serverEntry();
  requireBuilt(entry);
  // The user of a fresh data folder is called Owner (server/db/bootstrap.ts): specs show it.
  const args = [entry, 'keys', 'create', '--org', org, '--user', 'Owner', '--data', dataDir];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: REPO_ROOT, env: ENV }, (error, stdout, stderr) => {
      const key = /API key \(shown once\): (\S+)/.exec(stdout)?.[1];
      if (error || !key) {
        reject(new Error(`keys create --org ${org} failed: ${error?.message ?? ''}\n${stderr}`));
      } else {
        resolve(key);
      }
    });
  });
}
