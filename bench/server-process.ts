/**
 * Our server (`server/main.ts`) in its own child process, as a user runs it: on 127.0.0.1, a
 * free port, a fresh data folder and a known key. Benchmarks measure it over real HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:PORT`. */
  url: string;
}

/** Starts `server/main.ts`; resolves with its URL once it listens. `extraArgs`: `--quota N`... */
export async function startServerProcess(
  dataDir: string,
  key: string,
  extraArgs: string[] = [],
): Promise<ServerProcess> {
  const main = new URL('../server/main.ts', import.meta.url).pathname;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      main,
      '--port',
      '0',
      '--data',
      dataDir,
      '--bootstrap-key',
      key,
      ...extraArgs,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    const match = /listening on (http:\/\/\S+)/.exec(line);
    if (match) return { child, url: match[1]! };
  }
  throw new Error(`the server exited before listening (code ${child.exitCode})`);
}

/** SIGTERM (the server closes its database and MT pipelines), then waits for the exit. */
export async function stopServerProcess(server: ServerProcess): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
