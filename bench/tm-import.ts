/**
 * The 1M-unit TMX import, end to end, as a user runs it: a real server (`server/main.ts`, in its
 * own process so its memory is its own) on 127.0.0.1 with a fresh data folder,
 * `POST /v2/memories` then `POST /v2/memories/import` with the TMX streamed from disk, and
 * `GET /v2/memories?id=` polled until `is_processing` is false (the units are committed in SQLite
 * by then; the index then loads in the background). Then the first `GET /v2/memories/query`.
 * Then a restart: the server stopped and started on the same folder, the first query (which
 * loads the index from SQLite, in slices) timed, and `GET /health` polled meanwhile to show how
 * long other requests wait while a million units load.
 */
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { startServerProcess, stopServerProcess } from './server-process';

const KEY = 'wb_bench_tm_import_key_0123456789';

export interface ImportFigures {
  uploadMs: number;
  /** From the end of the upload to `is_processing: false`. */
  processMs: number;
  totalMs: number;
  units: number;
  /** The first query after the import (the index loads in the background from the commit on). */
  firstQueryMs: number;
  secondQueryMs: number;
  /** After a restart: the first query, which loads the index from SQLite. */
  restartQueryMs: number;
  /** `GET /health` answers during that load: how many, and the slowest. */
  healthDuringLoad: { count: number; maxMs: number; p50Ms: number };
  /** The server process's peak resident memory (VmHWM). */
  peakRssMiB: number;
}

function peakRssMiB(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** One JSON call to a bench server with its key; throws on an error status. */
export async function callApi<T>(
  base: string,
  key: string,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${key}`, ...init.headers },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new en to es memory. */
export async function createBenchMemory(base: string, key: string): Promise<number> {
  const memory = await callApi<{ id: number }>(base, key, '/v2/memories', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', srclang: 'en', trglang: 'es' }),
  });
  return memory.id;
}

/** `POST /v2/memories/import` with the TMX at `path` streamed from disk. */
export async function uploadTmx(base: string, key: string, memoryId: number, path: string) {
  await callApi(base, key, '/v2/memories/import', {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      'content-length': String(statSync(path).size),
      memory_id: String(memoryId),
      name: 'bench.tmx',
    },
    body: Readable.toWeb(createReadStream(path, { highWaterMark: 1 << 20 })) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
}

/** Polls the memory until `is_processing` is false; its unit count, or the import's error. */
export async function waitUntilImported(
  base: string,
  key: string,
  memoryId: number,
): Promise<number> {
  type MemoryState = {
    is_processing: boolean;
    num_segments: number;
    last_import_error?: string | null;
  };
  for (;;) {
    const [state] = await callApi<MemoryState[]>(base, key, `/v2/memories?id=${memoryId}`);
    if (!state) throw new Error('the memory is gone');
    if (!state.is_processing) {
      if (state.last_import_error) throw new Error(`import failed: ${state.last_import_error}`);
      return state.num_segments;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Imports the TMX at `path` (en to es) into a new memory of a new server; prints each step. */
export async function benchTmxImport(path: string, query: string): Promise<ImportFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wb-bench-import-'));
  let server = await startServerProcess(dataDir, KEY);
  try {
    const memoryId = await createBenchMemory(server.url, KEY);
    const t0 = performance.now();
    await uploadTmx(server.url, KEY, memoryId, path);
    const uploaded = performance.now();
    const units = await waitUntilImported(server.url, KEY, memoryId);
    const done = performance.now();
    const ask = `/v2/memories/query?id=${memoryId}&query=${encodeURIComponent(query)}`;
    let t = performance.now();
    await callApi(server.url, KEY, ask);
    const firstQueryMs = performance.now() - t;
    t = performance.now();
    await callApi(server.url, KEY, ask);
    const secondQueryMs = performance.now() - t;
    const peakRss = peakRssMiB(server.child.pid!);

    await stopServerProcess(server);
    server = await startServerProcess(dataDir, KEY);
    const restarted = server;
    let loading = true;
    const healthMs: number[] = [];
    const poller = (async () => {
      while (loading) {
        const started = performance.now();
        await fetch(`${restarted.url}/health`).then((response) => response.arrayBuffer());
        healthMs.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    t = performance.now();
    await callApi(server.url, KEY, ask);
    const restartQueryMs = performance.now() - t;
    loading = false;
    await poller;
    healthMs.sort((a, b) => a - b);
    return {
      uploadMs: uploaded - t0,
      processMs: done - uploaded,
      totalMs: done - t0,
      units,
      firstQueryMs,
      secondQueryMs,
      restartQueryMs,
      healthDuringLoad: {
        count: healthMs.length,
        maxMs: healthMs[healthMs.length - 1] ?? Number.NaN,
        p50Ms: healthMs[(healthMs.length - 1) >> 1] ?? Number.NaN,
      },
      peakRssMiB: peakRss,
    };
  } finally {
    await stopServerProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
