/**
 * What the browser benchmarks share: a data folder seeded before the host starts (vault with the
 * bench key, bootstrap, then the benchmark's own rows), the web host on a free port with its
 * embedded server up, Debian's Chromium, the in-page scroll probe, and the statistics. Whatever
 * these helpers start is undone on success, on error and on Ctrl+C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { ensureBootstrap } from '../server/db/bootstrap';
import { DATABASE_FILE, openDatabase, type Database } from '../server/db/db';
import { sqliteStorage } from '../server/db/storage';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const ENTRY = 'out/web-host/index.js';
const READY_LINE = /Wordbench web host: (http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+)/;
const START_TIMEOUT_MS = 60_000;
/** A frame longer than this is a visible stutter. */
export const DROPPED_FRAME_MS = 50;
export const BENCH_KEY = 'wb_bench_key_0123456789abcdef';

/** The few DOM members the in-page functions use (bench/ compiles without the DOM library). */
export interface PageElement {
  dataset: Record<string, string | undefined>;
  textContent: string | null;
  value?: string;
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
  focus(): void;
  dispatchEvent(event: unknown): boolean;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
  getBoundingClientRect(): { top: number; bottom: number };
}

export interface PageGlobals {
  document: {
    activeElement: PageElement | null;
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): ArrayLike<PageElement>;
    addEventListener(
      type: string,
      listener: (event: { timeStamp: number }) => void,
      capture: boolean,
    ): void;
  };
  KeyboardEvent: new (
    type: string,
    init: { key: string; code?: string; altKey?: boolean; bubbles: boolean },
  ) => unknown;
  requestAnimationFrame(callback: (time: number) => void): number;
  setTimeout(callback: () => void, ms: number): number;
}

// Undo steps of what is running, newest last: a signal runs them before the process ends.
const undoSteps: Array<() => Promise<void>> = [];
let isSignalHooked = false;

function track(undo: () => Promise<void>): () => Promise<void> {
  if (!isSignalHooked) {
    isSignalHooked = true;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        const steps = undoSteps.splice(0).reverse();
        void steps
          .reduce((done, step) => done.then(step, step), Promise.resolve())
          .finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
      });
    }
  }
  undoSteps.push(undo);
  return async () => {
    const at = undoSteps.indexOf(undo);
    if (at < 0) return;
    undoSteps.splice(at, 1);
    await undo();
  };
}

export interface DataFolder<T> {
  dir: string;
  /** What the seed function returned. */
  seeded: T;
  remove(): Promise<void>;
}

/** A fresh data folder with the bench key in its vault, bootstrapped, then filled by `seed`. */
export async function createDataFolder<T>(
  seed: (db: Database) => T | Promise<T>,
): Promise<DataFolder<T>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wordbench-bench-'));
  const remove = track(() => rm(dir, { recursive: true, force: true }));
  try {
    const vault = { version: 1, keys: { embedded: BENCH_KEY } };
    await writeFile(path.join(dir, 'vault.json'), JSON.stringify(vault), { mode: 0o600 });
    await mkdir(path.join(dir, 'server'), { recursive: true, mode: 0o700 });
    const db = openDatabase(path.join(dir, 'server', DATABASE_FILE));
    try {
      await ensureBootstrap(sqliteStorage(db), { key: BENCH_KEY });
      return { dir, seeded: await seed(db), remove };
    } finally {
      db.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
}

export interface WebHost {
  /** The page's address, with its token. */
  url: string;
  stop(): Promise<void>;
}

function waitForAddress(child: ChildProcess, output: { text: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(
      () => reject(new Error(`The web host printed no address in time.\n${output.text}`)),
      START_TIMEOUT_MS,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const match = READY_LINE.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The web host exited (code ${code}) before its address.\n${output.text}`));
    });
  });
}

/** Waits until the host's embedded server answers, so the page measures the view, not start-up. */
async function waitForEmbeddedServer(url: string): Promise<void> {
  const { origin, searchParams } = new URL(url);
  const token = searchParams.get('token') ?? '';
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const response = await fetch(`${origin}/ipc/${encodeURIComponent('settings:get-connection')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-wordbench-token': token },
      body: '{}',
    });
    const body = (await response.json()) as { value?: { embedded?: { state: string } } };
    const state = body.value?.embedded?.state;
    if (state === 'running') return;
    if (state === 'failed') throw new Error('The embedded server failed to start.');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The embedded server did not start in time.');
}

/** SIGTERM, then the exit (SIGKILL if it takes more than 10 s). */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Starts the built web host on `dataDir`; resolves once its embedded server is running. */
export async function startWebHost(dataDir: string): Promise<WebHost> {
  if (!existsSync(path.join(REPO_ROOT, ENTRY))) {
    throw new Error(`${ENTRY} is missing: run \`npm run build\` before this benchmark.`);
  }
  const output = { text: '' };
  const child = spawn(process.execPath, [ENTRY, '--port', '0', '--data', dataDir], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = track(() => stopChild(child));
  child.stdout.on('data', (chunk: Buffer) => (output.text += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output.text += chunk.toString('utf8')));
  try {
    const url = await waitForAddress(child, output);
    await waitForEmbeddedServer(url);
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Debian's Chromium with the e2e launch options; fails with the install command when missing. */
export async function launchChromium(): Promise<{ browser: Browser; close(): Promise<void> }> {
  // Imported here, not above: the config throws (naming `apt-get install -y chromium`) when
  // Chromium is missing, and that message belongs in the benchmark's error, not a stack trace.
  const { default: config } = await import('../playwright.config');
  const browser = await chromium.launch({
    executablePath: config.use?.launchOptions?.executablePath,
    args: config.use?.launchOptions?.args,
  });
  return { browser, close: track(() => browser.close()) };
}

/** A page in a fresh browser context (cold cache); close the context when done. */
export async function newBenchPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // tsx compiles with esbuild's keepNames, which wraps named inner functions in `__name(...)`:
  // give the page that helper, or the functions handed to page.evaluate cannot run there.
  await context.addInitScript('globalThis.__name = (target) => target;');
  return context.newPage();
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The medians, key by key, of figures measured once per run. */
export function medianFigures<K extends string>(runs: Record<K, number>[]): Record<K, number> {
  const keys = Object.keys(runs[0] ?? {}) as K[];
  return Object.fromEntries(
    keys.map((key) => [key, median(runs.map((run) => run[key]))]),
  ) as Record<K, number>;
}

/** A resource timing entry as the page reports it (this file compiles without the DOM library). */
export interface ResourceTiming {
  name: string;
  startTime: number;
  responseEnd: number;
  encodedBodySize: number;
}

export interface ScrollProbe {
  /** CSS selector of the element to scroll. */
  scroller: string;
  /** CSS selector of the rows inside it: a frame with none in view is blank. */
  row: string;
  durationMs: number;
}

export interface ScrollFigures {
  distancePx: number;
  frames: number;
  frameP50Ms: number;
  frameP95Ms: number;
  frameMaxMs: number;
  framesOver50Ms: number;
  blankFrames: number;
}

/**
 * Runs in the page: scrolls `scroller` from top to bottom over `durationMs`, one step per
 * animation frame, recording each frame's interval and whether any row was in the visible part
 * (a blank frame means the virtualizer fell behind). Self-contained: it is serialized to the page.
 */
function scrollAndRecord({ scroller: selector, row, durationMs }: ScrollProbe) {
  const page = globalThis as unknown as PageGlobals;
  const scroller = page.document.querySelector(selector);
  if (!scroller) throw new Error(`There is nothing to scroll: no ${selector} on the page.`);
  const distance = scroller.scrollHeight - scroller.clientHeight;
  const frames: number[] = [];
  let blankFrames = 0;
  return new Promise<{ distance: number; frames: number[]; blankFrames: number }>((resolve) => {
    let start = -1;
    let last = -1;
    const step = (time: number) => {
      if (start < 0) start = time;
      else frames.push(time - last);
      last = time;
      const view = scroller.getBoundingClientRect();
      const isCovered = Array.from(scroller.querySelectorAll(row)).some((item) => {
        const box = item.getBoundingClientRect();
        return box.bottom > view.top && box.top < view.bottom;
      });
      if (!isCovered) blankFrames += 1;
      const progress = Math.min(1, (time - start) / durationMs);
      scroller.scrollTop = distance * progress;
      if (progress < 1) page.requestAnimationFrame(step);
      else resolve({ distance, frames, blankFrames });
    };
    page.requestAnimationFrame(step);
  });
}

/** Scrolls in the page (see scrollAndRecord) and sums up the frames. */
export async function measureScroll(page: Page, probe: ScrollProbe): Promise<ScrollFigures> {
  const scroll = await page.evaluate(scrollAndRecord, probe);
  const sorted = [...scroll.frames].sort((a, b) => a - b);
  return {
    distancePx: scroll.distance,
    frames: sorted.length,
    frameP50Ms: percentile(sorted, 50),
    frameP95Ms: percentile(sorted, 95),
    frameMaxMs: sorted[sorted.length - 1] ?? 0,
    framesOver50Ms: sorted.filter((ms) => ms > DROPPED_FRAME_MS).length,
    blankFrames: scroll.blankFrames,
  };
}

/** Figures for the table: `1,234 ms`, `1,234`, `12.3`. */
export const format = {
  ms: (value: number | undefined) => `${Math.round(value ?? 0).toLocaleString('en')} ms`,
  n: (value: number | undefined) => Math.round(value ?? 0).toLocaleString('en'),
  fixed: (value: number | undefined) => (value ?? 0).toFixed(1),
};

/**
 * The frame of a browser benchmark: seeds a data folder, starts the web host and Chromium,
 * measures `runs` cold page loads with `measure`, and undoes it all. The medians of the runs,
 * and how long seeding took.
 */
export async function benchPageLoads<T, K extends string>(options: {
  seed: (db: Database) => T | Promise<T>;
  runs: number;
  measure: (browser: Browser, url: string, seeded: T) => Promise<Record<K, number>>;
}): Promise<Record<K | 'seedMs', number>> {
  const chromium = await launchChromium();
  let folder: DataFolder<T> | undefined;
  let host: WebHost | undefined;
  try {
    const seedStart = performance.now();
    folder = await createDataFolder(options.seed);
    const seedMs = performance.now() - seedStart;
    host = await startWebHost(folder.dir);
    const results: Record<K, number>[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      results.push(await options.measure(chromium.browser, host.url, folder.seeded));
    }
    return { ...medianFigures<K>(results), seedMs } as Record<K | 'seedMs', number>;
  } finally {
    await chromium.close();
    await host?.stop();
    await folder?.remove();
  }
}

/** The table lines of a scroll: frames, their times, dropped and blank ones (`rows`: "card"). */
export function scrollFigureLines(
  f: Record<string, number>,
  rows: string,
  width: number,
): string[] {
  const { n, fixed } = format;
  const line = (label: string, value: string) => `  ${label.padEnd(width)}${value}`;
  return [
    line('frames', n(f.frames)),
    line(
      'frame time p50 / p95 / max',
      `${fixed(f.frameP50Ms)} / ${fixed(f.frameP95Ms)} / ${fixed(f.frameMaxMs)} ms`,
    ),
    line(`dropped frames (> ${DROPPED_FRAME_MS} ms)`, n(f.framesOver50Ms)),
    line(`blank frames (no ${rows} in view)`, n(f.blankFrames)),
  ];
}

/**
 * When `moduleUrl` is the script node was started with: parses `--name value` options (strings,
 * with their defaults), runs the benchmark, prints its figures, and sets a failing exit code on
 * an error, printed as its message.
 */
export function runFromCommandLine<F>(
  moduleUrl: string,
  defaults: Record<string, string>,
  bench: (options: Record<string, number>) => Promise<F>,
  print: (figures: F) => void,
): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(path.resolve(process.argv[1])).href) return;
  const options = Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [
      name,
      { type: 'string' as const, default: value },
    ]),
  );
  const { values } = parseArgs({ options });
  const numbers = Object.fromEntries(Object.entries(values).map(([name, v]) => [name, Number(v)]));
  bench(numbers).then(print, (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
