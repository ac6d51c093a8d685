import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** A started process, the moment it was started, and the first capture of the line waited for. */
export interface StartedProcess {
  child: ChildProcess;
  startedAt: number;
  match: string;
}

/** Starts `command args` and resolves when a stdout line matches `line` (its first group). */
export function timeToLine(command: string, args: string[], line: RegExp): Promise<StartedProcess> {
  const startedAt = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (text) => {
      const match = line.exec(text)?.[1];
      if (match) resolve({ child, startedAt, match });
    });
    child.once('exit', (code) =>
      reject(new Error(`${args[0]} exited (code ${code}) before printing ${line}:\n${stderr}`)),
    );
  });
}

/** `count` processes that keep a core busy each, as a loaded machine would (`--load`). */
export function busyProcesses(count: number): { stop(): void } {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return { stop: () => children.forEach((child) => child.kill('SIGKILL')) };
}
