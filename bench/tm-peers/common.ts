/** Shared plumbing for the peer benchmarks: child processes with time limits, ports, cleanup. */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';

export type Log = (line: string) => void;

/** Per-(peer, threshold) query budget, per-query timeout and setup timeout, from the environment. */
export const limits = {
  budgetMs: envSeconds('WB_TM_PEERS_BUDGET_S', 300) * 1000,
  queryTimeoutMs: envSeconds('WB_TM_PEERS_QUERY_TIMEOUT_S', 30) * 1000,
  setupTimeoutMs: envSeconds('WB_TM_PEERS_SETUP_TIMEOUT_S', 3600) * 1000,
  warmup: Math.max(0, Math.floor(envSeconds('WB_TM_PEERS_WARMUP', 20))),
};

function envSeconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number`);
  return n;
}

/**
 * Cleanup actions that must run however the benchmark ends: normal end, exception, Ctrl+C,
 * SIGTERM or `process.exit`. Actions are synchronous so that they also work from an 'exit'
 * handler; each runs once.
 */
export class Cleanup {
  private actions: { name: string; run: () => void }[] = [];
  private readonly onSignal = (signal: NodeJS.Signals) => {
    this.runAll();
    this.detach();
    process.kill(process.pid, signal);
  };
  private readonly onExit = () => this.runAll();

  attach(): void {
    process.once('SIGINT', this.onSignal);
    process.once('SIGTERM', this.onSignal);
    process.once('SIGHUP', this.onSignal);
    process.once('exit', this.onExit);
  }

  detach(): void {
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
    process.off('SIGHUP', this.onSignal);
    process.off('exit', this.onExit);
  }

  /** Registers an action; returns a function that runs it now (once) and unregisters it. */
  add(name: string, run: () => void): () => void {
    const entry = { name, run };
    this.actions.push(entry);
    return () => {
      const i = this.actions.indexOf(entry);
      if (i < 0) return;
      this.actions.splice(i, 1);
      entry.run();
    };
  }

  /** Runs every pending action, last registered first; errors are printed, never thrown. */
  runAll(): void {
    for (const child of liveChildren) child.kill('SIGKILL');
    liveChildren.clear();
    while (this.actions.length) {
      const entry = this.actions.pop()!;
      try {
        entry.run();
      } catch (e) {
        process.stderr.write(`cleanup "${entry.name}" failed: ${String(e)}\n`);
      }
    }
  }
}

/** Children of `run` still running, killed by `Cleanup.runAll`. */
const liveChildren = new Set<ChildProcess>();

/** Runs a command to completion with a time limit; rejects with its output on failure. */
export function run(
  cmd: string,
  args: string[],
  opts: { timeoutMs: number; env?: NodeJS.ProcessEnv; cwd?: string; input?: string },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const spawnOpts: SpawnOptions = {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: opts.env ?? process.env,
      cwd: opts.cwd,
    };
    const child = spawn(cmd, args, spawnOpts);
    liveChildren.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      if (stdout.length < 1_000_000) stdout += d;
    });
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      if (stderr.length < 1_000_000) stderr += d;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${cmd} ${args.join(' ')}: timed out after ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      liveChildren.delete(child);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      liveChildren.delete(child);
      if (code === 0) resolve({ stdout, stderr });
      else {
        const tail = (stderr || stdout).trim().split('\n').slice(-15).join('\n');
        reject(new Error(`${cmd} ${args.join(' ')}: exit ${code ?? signal}\n${tail}`));
      }
    });
    child.stdin!.end(opts.input ?? '');
  });
}

/** Synchronous variant for cleanup paths. */
export function runSync(cmd: string, args: string[], timeoutMs: number): void {
  spawnSync(cmd, args, { stdio: 'ignore', timeout: timeoutMs });
}

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export function ms(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export function fmtMs(v: number): string {
  if (v >= 10_000) return `${(v / 1000).toFixed(1)} s`;
  if (v >= 100) return `${v.toFixed(0)} ms`;
  return `${v.toFixed(2)} ms`;
}
