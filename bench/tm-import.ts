/**
 * The 1M-unit TMX import, end to end, as a user runs it: a real server (`server/main.ts`, in its
 * own process so its memory is its own) on 127.0.0.1 with a fresh data folder, `POST /v2/memories` then `POST /v2/memories/import` with
 * the TMX streamed from disk, and `GET /v2/memories?id=` polled until `is_processing` is false
 * (the units are committed in SQLite by then). Then the first `GET /v2/memories/query`, which
 * builds the memory's index from SQLite (what a restart costs), and a second one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';

const KEY = 'wb_bench_tm_import_key_0123456789';

export interface ImportFigures {
  uploadMs: number;
  /** From the end of the upload to `is_processing: false`. */
  processMs: number;
  totalMs: number;
  units: number;
  /** The first query after the import: builds the index from SQLite. */
  firstQueryMs: number;
  secondQueryMs: number;
  /** The server process's peak resident memory (VmHWM). */
  peakRssMiB: number;
}

/** Starts `server/main.ts` in a child process; resolves with its URL once it listens. */
async function startServerProcess(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const main = new URL('../server/main.ts', import.meta.url).pathname;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', main, '--port', '0', '--data', dataDir, '--bootstrap-key', KEY],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    const match = /listening on (http:\/\/\S+)/.exec(line);
    if (match) return { child, url: match[1]! };
  }
  throw new Error(`the server exited before listening (code ${child.exitCode})`);
}

function peakRssMiB(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

async function call<T>(base: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${KEY}`, ...init.headers },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Imports the TMX at `path` (en to es) into a new memory of a new server; prints each step. */
export async function benchTmxImport(path: string, query: string): Promise<ImportFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wb-bench-import-'));
  const server = await startServerProcess(dataDir);
  try {
    const memory = await call<{ id: number }>(server.url, '/v2/memories', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', srclang: 'en', trglang: 'es' }),
    });
    const t0 = performance.now();
    await call(server.url, '/v2/memories/import', {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        'content-length': String(statSync(path).size),
        memory_id: String(memory.id),
        name: 'bench.tmx',
      },
      body: Readable.toWeb(createReadStream(path, { highWaterMark: 1 << 20 })) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    const uploaded = performance.now();
    type MemoryState = {
      is_processing: boolean;
      num_segments: number;
      last_import_error?: string | null;
    };
    let state: MemoryState;
    for (;;) {
      const [found] = await call<MemoryState[]>(server.url, `/v2/memories?id=${memory.id}`);
      if (!found) throw new Error('the memory is gone');
      state = found;
      if (!state.is_processing) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const done = performance.now();
    if (state.last_import_error) throw new Error(`import failed: ${state.last_import_error}`);
    const ask = `/v2/memories/query?id=${memory.id}&query=${encodeURIComponent(query)}`;
    let t = performance.now();
    await call(server.url, ask);
    const firstQueryMs = performance.now() - t;
    t = performance.now();
    await call(server.url, ask);
    const secondQueryMs = performance.now() - t;
    return {
      uploadMs: uploaded - t0,
      processMs: done - uploaded,
      totalMs: done - t0,
      units: state.num_segments,
      firstQueryMs,
      secondQueryMs,
      peakRssMiB: peakRssMiB(server.child.pid!),
    };
  } finally {
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
