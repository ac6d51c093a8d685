/**
 * `npm run bench:jobs`: the leverage analysis of a job (issue 15) of 10,000 segments against a
 * memory of 100,000 units, through `POST /v2/jobs/{id}/stats` on our server (a child process,
 * real HTTP), and its peer: the same lookups one by one through `POST /v2/translate`.
 *
 * - the memory: bench/tm-data.ts (the real LibreOffice help pairs grown by seeded variants to
 *   100k), written into a fresh data folder (bench/seed-memory.ts), with `--held-out` real sources
 *   left out of it, so that part of the job finds only fuzzy matches or none;
 * - the job: one JSON file of the first 10,000 real help paragraphs in file order, keyed by their
 *   help path and paragraph id (the memory's context keys: 101s), uploaded and made a job into
 *   Spanish on that memory (`POST /v2/files`, `POST /v2/jobs`, polled until COMPLETE);
 * - the memory's index loaded first by a query (timed apart: the server keeps it loaded), then
 *   the analysis `--runs` times, with `GET /health` polled meanwhile (how long others wait);
 * - the peer: `POST /v2/translate` with each segment's `segment_id` (TM only), one at a time.
 *
 *   npx tsx bench/jobs.ts [--segments 10000] [--memory 100000] [--held-out 6000] [--runs 3]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Job, JobLeverageStats } from '../shared/api/jobs';
import type { SourceFile } from '../shared/api/files';
import { defaultUser } from '../server/db/bootstrap';
import { openStorage } from '../server/db/open-storage';
import { leverageQueries } from '../server/jobs/leverage/queries';
import { readLohelpUnits } from '../server/tm/test-support';
import { seedMemory } from './seed-memory';
import { startServerProcess, stopServerProcess } from './server-process';
import { loadTmBenchData } from './tm-data';
import { callApi } from './tm-import';

const KEY = 'wb_bench_jobs_key_0123456789abcdef';
const GOAL_SECONDS = 2;
const { values } = parseArgs({
  options: {
    segments: { type: 'string', default: '10000' },
    memory: { type: 'string', default: '100000' },
    'held-out': { type: 'string', default: '6000' },
    runs: { type: 'string', default: '3' },
  },
});
const SEGMENTS = Number(values.segments);

const seconds = (ms: number) => `${(ms / 1000).toFixed(3)} s`;
const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The help paragraphs in file order, keyed as the memory's context keys (one segment each). */
function helpFile(): string {
  const help = readLohelpUnits();
  const entries: Record<string, string> = {};
  for (let i = 0; i < SEGMENTS; i += 1) {
    const unit = help[i % help.length]!;
    const key = unit.contextKey ?? String(unit.id);
    entries[key in entries ? `${key}~${i}` : key] = unit.source;
  }
  return JSON.stringify(entries, null, 2);
}

/** Uploads the file and makes it a job into Spanish on the memory; waits for its projects. */
async function createJob(base: string, memoryId: number): Promise<Job> {
  const file = await callApi<SourceFile>(base, KEY, '/v2/files?name=help.json', {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: helpFile(),
  });
  const body = {
    name: 'Leverage bench',
    srcLang: 'en',
    srcLocale: 'US',
    fileIds: [file.id],
    languagePairs: [{ trgLang: 'es', memoryId }],
  };
  let job = await callApi<Job>(base, KEY, '/v2/jobs', json(body));
  while (job.creationStatus === 'PENDING') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    job = await callApi<Job>(base, KEY, `/v2/jobs/${job.id}`);
  }
  if (job.creationStatus !== 'COMPLETE') throw new Error(`job creation: ${JSON.stringify(job)}`);
  return job;
}

/** CPU time the process has used (user + system, /proc, in clock ticks of 10 ms), in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Runs `work` while `GET /health` is asked every 10 ms; the slowest answer. */
async function withHealthPolled<T>(base: string, work: () => Promise<T>) {
  let done = false;
  let slowest = 0;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${base}/health`).then((response) => response.arrayBuffer());
      slowest = Math.max(slowest, performance.now() - started);
      // As a client checking now and then would (and as bench/tm-import.ts polls).
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const result = await work();
  done = true;
  await poll;
  return { result, slowestHealthMs: slowest };
}

/** The job's segments (id and source, in order), read from the server's SQLite file. */
async function jobSegments(dataDir: string, job: Job) {
  const { storage, close } = await openStorage({ dataDir });
  try {
    const owner = await defaultUser(storage.db);
    const reads = leverageQueries(storage.db);
    const segments = [];
    for (const project of job.stats.projects) {
      for (const document of await reads.documents(owner!.orgId, project.id)) {
        const { firstIdx, lastIdx } = document;
        segments.push(
          ...(await reads.segmentWindow(owner!.orgId, document.id, firstIdx, lastIdx + 1)),
        );
      }
    }
    return segments;
  } finally {
    await close();
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wordbench-bench-jobs-'));
  const data = loadTmBenchData({
    size: Number(values.memory),
    queries: Number(values['held-out']),
  });
  const memoryId = await seedMemory(dataDir, KEY, data.units);
  // The peer asks 10,000 times in a row: above the API's 4,000 a minute.
  const server = await startServerProcess(dataDir, KEY, ['--quota', '1000000']);
  try {
    const base = server.url;
    const job = await createJob(base, memoryId);
    let started = performance.now();
    await callApi(base, KEY, `/v2/memories/query?id=${memoryId}&query=Open%20the%20menu`);
    console.log(
      `memory: ${data.units.length} units, index loaded (first query) in ${seconds(performance.now() - started)}`,
    );

    const runs: { ms: number; cpu: number; slowestHealthMs: number; stats: JobLeverageStats }[] =
      [];
    for (let run = 0; run < Number(values.runs); run += 1) {
      const cpuBefore = cpuMs(server.child.pid!);
      started = performance.now();
      const { result, slowestHealthMs } = await withHealthPolled(base, () =>
        callApi<JobLeverageStats>(base, KEY, `/v2/jobs/${job.id}/stats`, { method: 'POST' }),
      );
      const ms = performance.now() - started;
      runs.push({ ms, cpu: cpuMs(server.child.pid!) - cpuBefore, slowestHealthMs, stats: result });
    }
    // The same polling for as long with the server idle: what the machine alone costs.
    const idle = await withHealthPolled(
      base,
      () => new Promise((resolve) => setTimeout(resolve, runs[0]!.ms)),
    );
    // Job.stats counts the people who wrote each segment (uniqueLinguists): a GET, timed.
    const gets: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      started = performance.now();
      await callApi<Job>(base, KEY, `/v2/jobs/${job.id}`);
      gets.push(performance.now() - started);
    }
    const { stats } = runs[0]!;
    const { words, segments } = stats.bands.total;
    const median = gets.sort((a, b) => a - b)[2]!;
    console.log(`GET /v2/jobs/{id} (Job.stats of ${segments} segments): median ${seconds(median)}`);
    console.log(`job: ${segments} segments, ${words} words`);
    console.log(
      'bands (segments/words): ' +
        stats.bands.bands.map((b) => `${b.band} ${b.segments}/${b.words}`).join(', '),
    );
    console.log(
      `Lilt figures: source ${stats.sourceWords}, exact ${stats.exactWords}, ` +
        `fuzzy ${stats.fuzzyWords}, new ${stats.newWords}`,
    );
    for (const [i, { ms, cpu, slowestHealthMs }] of runs.entries()) {
      console.log(
        `POST /v2/jobs/{id}/stats run ${i + 1}: ${seconds(ms)}, ${Math.round(words / (ms / 1000))} words/s, ` +
          `${(ms / 1000 / GOAL_SECONDS).toFixed(2)}x the ${GOAL_SECONDS} s goal; ` +
          `server CPU ${seconds(cpu)} (wall / CPU ${(ms / cpu).toFixed(1)}: the machine's load); ` +
          `slowest GET /health meanwhile ${slowestHealthMs.toFixed(1)} ms`,
      );
    }

    console.log(
      `slowest GET /health over as long with the server idle: ${idle.slowestHealthMs.toFixed(1)} ms`,
    );

    // The peer: the editor's lookup for each segment, one request after the other.
    const all = await jobSegments(dataDir, job);
    const cpuBefore = cpuMs(server.child.pid!);
    started = performance.now();
    for (const { id, source } of all) {
      await callApi(
        base,
        KEY,
        '/v2/translate',
        json({ memory_id: memoryId, source, segment_id: id, mt: false }),
      );
    }
    const peer = performance.now() - started;
    const peerCpu = cpuMs(server.child.pid!) - cpuBefore;
    console.log(
      `peer, POST /v2/translate per segment: ${seconds(peer)}, ${Math.round(words / (peer / 1000))} words/s, ` +
        `${(peer / all.length).toFixed(3)} ms a segment` +
        `; server CPU ${seconds(peerCpu)}`,
    );
    const first = runs[0]!.ms;
    const best = Math.min(...runs.map((r) => r.ms));
    console.log(
      `ratio: the analysis (first run) takes ${(first / peer).toFixed(3)} of the peer's time ` +
        `(${(peer / first).toFixed(1)}x faster; best run ${(peer / best).toFixed(1)}x); ` +
        `in server CPU ${(runs[0]!.cpu / peerCpu).toFixed(3)}`,
    );
  } finally {
    await stopServerProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
