/**
 * Start-up, in rounds that alternate the contenders so a noisy machine slows them alike:
 * - the server: process start to its first `/health` answer, on a new data folder (migrations,
 *   first key) and on an existing one with 1,000 projects, against a bare Fastify app with one
 *   route (the floor);
 * - the app: web host process start to an interactive board in Chromium (cards shown from the
 *   server's answer, and a card that takes ↓), on an existing data folder.
 * `npm run bench:startup [-- --runs 7 --load 4]`; `--load N` keeps N busy processes running.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitForInteractiveBoard } from './board-tti';
import { seedProjects } from './seed-projects';
import { busyProcesses, timeToLine } from './startup/processes';
import {
  BENCH_KEY,
  createDataFolder,
  format,
  launchChromium,
  median,
  newBenchPage,
  runFromCommandLine,
  stopChild,
} from './web-host-bench';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'out/server/main.js');
const WEB_HOST = path.join(ROOT, 'out/web-host/index.js');
const FLOOR = path.join(import.meta.dirname, 'startup/bare-fastify.mjs');
const LISTENING = /^listening on (http:\/\/\S+)/;
const WEB_HOST_READY = /^Wordbench web host: (http:\/\/\S+)/;

type Contender = 'floor' | 'serverNew' | 'serverExisting' | 'appBoard';

/** Process start to the first 200 from `/health` of the address it printed. */
async function serverStart(args: string[]): Promise<number> {
  const started = await timeToLine(process.execPath, args, LISTENING);
  try {
    for (;;) {
      const response = await fetch(`${started.match}/health`).catch(() => null);
      if (response?.ok) return performance.now() - started.startedAt;
    }
  } finally {
    await stopChild(started.child);
  }
}

export async function benchStartup(options: Record<string, number>) {
  const { runs = 7, load = 0 } = options;
  const busy = busyProcesses(load);
  const chromium = await launchChromium();
  const existing = await createDataFolder((db) => seedProjects(db, { count: 1_000 }));
  const times: Record<Contender, number[]> = {
    floor: [],
    serverNew: [],
    serverExisting: [],
    appBoard: [],
  };
  try {
    const serverArgs = (dir: string) => [SERVER, '--port', '0', '--data', dir];
    // A first start of each, not counted: the files are in the page cache for every round.
    await serverStart(serverArgs(path.join(existing.dir, 'server')));
    for (let round = 0; round < runs; round += 1) {
      times.floor.push(await serverStart([FLOOR]));
      const fresh = await mkdtemp(path.join(tmpdir(), 'wordbench-startup-'));
      times.serverNew.push(await serverStart([...serverArgs(fresh), '--bootstrap-key', BENCH_KEY]));
      await rm(fresh, { recursive: true, force: true });
      times.serverExisting.push(await serverStart(serverArgs(path.join(existing.dir, 'server'))));
      times.appBoard.push(await appStart(chromium.browser, existing.dir));
    }
  } finally {
    await chromium.close();
    await existing.remove();
    busy.stop();
  }
  return { runs, load, times };
}

/** Web host start to an interactive board, in a fresh browser context. */
async function appStart(
  browser: Parameters<typeof newBenchPage>[0],
  dataDir: string,
): Promise<number> {
  const page = await newBenchPage(browser);
  const host = await timeToLine(
    process.execPath,
    [WEB_HOST, '--port', '0', '--data', dataDir],
    WEB_HOST_READY,
  );
  try {
    await page.goto(`${host.match}#/board`);
    await waitForInteractiveBoard(page);
    return performance.now() - host.startedAt;
  } finally {
    await page.context().close();
    await stopChild(host.child);
  }
}

function printFigures({ runs, load, times }: Awaited<ReturnType<typeof benchStartup>>): void {
  const floor = median(times.floor);
  const row = (label: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const ratio = median(values) / floor;
    return `  ${label.padEnd(44)}${format.ms(median(values)).padStart(9)}  (min ${format.ms(sorted[0])}, max ${format.ms(sorted.at(-1))})  ${ratio.toFixed(2)}x the floor`;
  };
  console.log(
    [
      `Start-up: medians of ${runs} alternating rounds${load ? `, with ${load} busy processes running` : ''}`,
      row('bare Fastify, one route (the floor)', times.floor),
      row('server ready, new data folder', times.serverNew),
      row('server ready, existing data folder', times.serverExisting),
      row('app: web host start to interactive board', times.appBoard),
    ].join('\n'),
  );
}

runFromCommandLine(import.meta.url, { runs: '7', load: '0' }, benchStartup, printFigures);
