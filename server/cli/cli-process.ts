import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { cliEntry } from './cli-bundle-test-support';

// Test support: the real CLI entry in its own process, as `npm run server --` runs it (bundled
// from the current sources, which starts faster than through tsx).

export interface RunOptions {
  /** Run under this umask (through `sh`), to show that file modes do not depend on it. */
  umask?: number;
}

function spawnCli(args: string[], options: RunOptions): ChildProcess {
  if (options.umask === undefined) return spawn(process.execPath, [cliEntry(), ...args]);
  const umask = options.umask.toString(8).padStart(3, '0');
  const script = `umask ${umask} && exec "$0" "$@"`;
  return spawn('/bin/sh', ['-c', script, process.execPath, cliEntry(), ...args]);
}

/** Runs CLI commands and servers; `cleanup` kills whatever is still running. */
export function cliProcesses() {
  const children: ChildProcess[] = [];
  return {
    run(
      args: string[],
      options: RunOptions = {},
    ): Promise<{ code: number | null; stdout: string; stderr: string }> {
      return new Promise((resolve, reject) => {
        const child = spawnCli(args, options);
        children.push(child);
        let stdout = '';
        let stderr = '';
        child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });
    },

    /** Starts the server; resolves with its URL once it prints the listening line. */
    serve(args: string[], options: RunOptions = {}): Promise<{ child: ChildProcess; url: string }> {
      return new Promise((resolve, reject) => {
        const child = spawnCli(['--port', '0', ...args], options);
        children.push(child);
        let stderr = '';
        child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
        createInterface({ input: child.stdout! }).on('line', (line) => {
          const match = /^listening on (http:\/\/\S+)$/.exec(line);
          if (match) resolve({ child, url: match[1]! });
        });
      });
    },

    /** SIGTERM every process still running and wait for it: the server closes its database. */
    async stop(): Promise<void> {
      const running = children
        .splice(0)
        .filter((child) => child.exitCode === null && child.signalCode === null);
      await Promise.all(
        running.map(
          (child) =>
            new Promise<void>((resolve) => {
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

/** The first line of `API key (shown once): KEY` in a command's output. */
export function printedKey(stdout: string): string {
  const key = /^API key \(shown once\): (\S+)$/m.exec(stdout)?.[1];
  if (!key) throw new Error(`No key in: ${stdout}`);
  return key;
}
