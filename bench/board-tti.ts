// The board's time to interactive and scroll smoothness with thousands of projects, in Chromium.
// Run `npm run build` first, then `npx tsx bench/board-tti.ts [--projects 5000] [--runs 3]`.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { ensureBootstrap } from '../server/store/bootstrap';
import { DATABASE_FILE, openDatabase } from '../server/store/db';
import { seedProjects } from './seed-projects';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const ENTRY = 'out/web-host/index.js';
const BENCH_KEY = 'wb_bench_key_0123456789abcdef';
const READY_LINE = /Wordbench web host: (http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+)/;
const START_TIMEOUT_MS = 60_000;
const SCROLL_MS = 2_000;
const DROPPED_FRAME_MS = 50;

export interface BoardTtiOptions {
  /** Projects seeded into the data folder (default 5,000). */
  projects?: number;
  /** Page loads measured; the figures are their medians (default 3). */
  runs?: number;
}

/** The few DOM members the in-page functions use (this file compiles without the DOM library). */
interface PageElement {
  dataset: Record<string, string | undefined>;
  textContent: string | null;
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
  focus(): void;
  dispatchEvent(event: unknown): boolean;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
  getBoundingClientRect(): { top: number; bottom: number };
}

interface PageGlobals {
  document: {
    activeElement: PageElement | null;
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): ArrayLike<PageElement>;
  };
  KeyboardEvent: new (type: string, init: { key: string; bubbles: boolean }) => unknown;
  requestAnimationFrame(callback: (time: number) => void): number;
  /** The card the probe focused. */
  benchCard?: PageElement;
}

interface ResourceTiming {
  name: string;
  startTime: number;
  responseEnd: number;
  encodedBodySize: number;
}

/** What one page load measured, in milliseconds from navigation start unless named otherwise. */
interface RunFigures {
  listRequestedMs: number;
  listAnsweredMs: number;
  listBytes: number;
  boardReadyMs: number;
  interactiveMs: number;
  scrollCards: number;
  scrollDistancePx: number;
  frames: number;
  frameP50Ms: number;
  frameP95Ms: number;
  frameMaxMs: number;
  framesOver50Ms: number;
  blankFrames: number;
}

/** A fresh data folder with a vault key and `count` seeded projects, made before the host starts. */
async function seedDataFolder(count: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wordbench-bench-'));
  const vault = { version: 1, keys: { embedded: BENCH_KEY } };
  await writeFile(path.join(dir, 'vault.json'), JSON.stringify(vault), { mode: 0o600 });
  await mkdir(path.join(dir, 'server'), { recursive: true, mode: 0o700 });
  const db = openDatabase(path.join(dir, 'server', DATABASE_FILE));
  try {
    ensureBootstrap(db, { key: BENCH_KEY });
    seedProjects(db, { count });
  } finally {
    db.close();
  }
  return dir;
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

/** Waits until the host's embedded server answers, so the page measures the board, not start-up. */
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
    const body = (await response.json()) as {
      ok: boolean;
      value?: { embedded?: { state: string } };
    };
    const state = body.value?.embedded?.state;
    if (state === 'running') return;
    if (state === 'failed') throw new Error('The embedded server failed to start.');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The embedded server did not start in time.');
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** One cold page load of the board in a new browser context, then a scroll of its longest column. */
async function measureRun(browser: Browser, url: string): Promise<RunFigures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    // tsx compiles with esbuild's keepNames, which wraps named inner functions in `__name(...)`:
    // give the page that helper, or the functions handed to page.evaluate cannot run there.
    await context.addInitScript('globalThis.__name = (target) => target;');
    const page = await context.newPage();
    await page.goto(`${url}#/board`);
    // Polled every frame in the page: once the board is ready, focus a card and press ↓; the
    // board is interactive when the focus has moved to the next card.
    const interactive = await page.waitForFunction(
      () => {
        const page = globalThis as unknown as PageGlobals;
        if (!page.benchCard) {
          const ready = page.document.querySelector('[data-testid="board-ready"]');
          const card = page.document.querySelector('[data-testid="project-card"]');
          if (!ready || !card) return false;
          page.benchCard = card;
          card.focus();
          card.dispatchEvent(
            new page.KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }),
          );
          return false;
        }
        const focused = page.document.activeElement;
        const hasMoved = focused !== page.benchCard && focused?.dataset.testid === 'project-card';
        return hasMoved ? performance.now() : false;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    const interactiveMs = (await interactive.jsonValue()) as number;
    const timings = await page.evaluate(() => {
      const ready = performance.getEntriesByName('wordbench:board-ready')[0];
      const lists = (
        performance.getEntriesByType('resource') as unknown as ResourceTiming[]
      ).filter((entry) => entry.name.includes('projects%3Alist'));
      return {
        boardReadyMs: ready?.startTime ?? Number.NaN,
        listRequestedMs: lists[0]?.startTime ?? Number.NaN,
        listAnsweredMs: lists[0]?.responseEnd ?? Number.NaN,
        listBytes: lists[0]?.encodedBodySize ?? 0,
      };
    });
    const scroll = await page.evaluate(scrollLongestColumn, SCROLL_MS);
    const sorted = [...scroll.frames].sort((a, b) => a - b);
    return {
      ...timings,
      interactiveMs,
      scrollCards: scroll.cards,
      scrollDistancePx: scroll.distance,
      frames: sorted.length,
      frameP50Ms: percentile(sorted, 50),
      frameP95Ms: percentile(sorted, 95),
      frameMaxMs: sorted[sorted.length - 1] ?? 0,
      framesOver50Ms: sorted.filter((ms) => ms > DROPPED_FRAME_MS).length,
      blankFrames: scroll.blankFrames,
    };
  } finally {
    await context.close();
  }
}

/**
 * Runs in the page: scrolls the column with the most cards from top to bottom over `durationMs`,
 * one step per animation frame, and records each frame's interval and whether the visible part of
 * the column had any card in it (a blank frame means the virtualizer fell behind).
 */
function scrollLongestColumn(durationMs: number) {
  const page = globalThis as unknown as PageGlobals;
  const countOf = (column: PageElement) =>
    Number(
      column.querySelector('[data-testid^="board-column-count-"]')?.textContent?.replace(/\D/g, ''),
    );
  const columns = Array.from(page.document.querySelectorAll('section[data-state]'));
  const column = columns.reduce((best, next) => (countOf(next) > countOf(best) ? next : best));
  const scroller = column.querySelector('[data-role="column-scroll"]');
  if (!scroller) throw new Error('The board has no column to scroll.');
  const distance = scroller.scrollHeight - scroller.clientHeight;
  const frames: number[] = [];
  let blankFrames = 0;
  return new Promise<{
    state: string;
    cards: number;
    distance: number;
    frames: number[];
    blankFrames: number;
  }>((resolve) => {
    let start = -1;
    let last = -1;
    const step = (time: number) => {
      if (start < 0) start = time;
      else frames.push(time - last);
      last = time;
      const view = scroller.getBoundingClientRect();
      const cards = Array.from(scroller.querySelectorAll('[data-testid="project-card"]'));
      const isCovered = cards.some((card) => {
        const box = card.getBoundingClientRect();
        return box.bottom > view.top && box.top < view.bottom;
      });
      if (!isCovered) blankFrames += 1;
      const progress = Math.min(1, (time - start) / durationMs);
      scroller.scrollTop = distance * progress;
      if (progress < 1) page.requestAnimationFrame(step);
      else {
        const state = column.dataset.state ?? '';
        resolve({ state, cards: countOf(column), distance, frames, blankFrames });
      }
    };
    page.requestAnimationFrame(step);
  });
}

/** Seeds, starts the web host, measures `runs` cold loads of the board, and cleans up. */
export async function benchBoardTti(
  options: BoardTtiOptions = {},
): Promise<Record<string, number>> {
  const { projects = 5_000, runs = 3 } = options;
  if (!existsSync(path.join(REPO_ROOT, ENTRY))) {
    throw new Error(`${ENTRY} is missing: run \`npm run build\` before this benchmark.`);
  }
  const seedStart = performance.now();
  const dataDir = await seedDataFolder(projects);
  const seedMs = performance.now() - seedStart;
  const output = { text: '' };
  const child = spawn(process.execPath, [ENTRY, '--port', '0', '--data', dataDir], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output.text += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output.text += chunk.toString('utf8')));
  let browser: Browser | undefined;
  try {
    const url = await waitForAddress(child, output);
    await waitForEmbeddedServer(url);
    browser = await chromium.launch({
      executablePath: playwrightConfig.use?.launchOptions?.executablePath,
      args: playwrightConfig.use?.launchOptions?.args,
    });
    const results: RunFigures[] = [];
    for (let run = 0; run < runs; run += 1) results.push(await measureRun(browser, url));
    const pick = (key: keyof RunFigures) => median(results.map((r) => Number(r[key])));
    const first = results[0];
    return {
      projects,
      runs,
      seedMs,
      listRequestedMs: pick('listRequestedMs'),
      listAnsweredMs: pick('listAnsweredMs'),
      listKiB: pick('listBytes') / 1024,
      boardReadyMs: pick('boardReadyMs'),
      interactiveMs: pick('interactiveMs'),
      scrollCards: first?.scrollCards ?? 0,
      scrollDistancePx: first?.scrollDistancePx ?? 0,
      frames: pick('frames'),
      frameP50Ms: pick('frameP50Ms'),
      frameP95Ms: pick('frameP95Ms'),
      frameMaxMs: pick('frameMaxMs'),
      framesOver50Ms: pick('framesOver50Ms'),
      blankFrames: pick('blankFrames'),
    };
  } finally {
    await browser?.close();
    await stop(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

function printFigures(figures: Record<string, number>): void {
  const ms = (value: number | undefined) => `${Math.round(value ?? 0).toLocaleString('en')} ms`;
  const n = (value: number | undefined) => Math.round(value ?? 0).toLocaleString('en');
  const f = figures;
  console.log(
    [
      `Board with ${n(f.projects)} projects: medians of ${n(f.runs)} cold page loads (Chromium, 1440x900)`,
      `  seeding the data folder              ${ms(f.seedMs)}`,
      `  projects:list requested              ${ms(f.listRequestedMs)}`,
      `  projects:list answered               ${ms(f.listAnsweredMs)} (${n(f.listKiB)} KiB)`,
      `  board-ready, cards on screen         ${ms(f.boardReadyMs)}`,
      `  time to interactive (a card took ↓)  ${ms(f.interactiveMs)}`,
      `Scroll of the longest column: ${n(f.scrollCards)} cards, ${n(f.scrollDistancePx)} px top to bottom in ${SCROLL_MS / 1000} s`,
      `  frames                               ${n(f.frames)}`,
      `  frame time p50 / p95 / max           ${(f.frameP50Ms ?? 0).toFixed(1)} / ${(f.frameP95Ms ?? 0).toFixed(1)} / ${(f.frameMaxMs ?? 0).toFixed(1)} ms`,
      `  dropped frames (> ${DROPPED_FRAME_MS} ms)            ${n(f.framesOver50Ms)}`,
      `  blank frames (no card in view)       ${n(f.blankFrames)}`,
    ].join('\n'),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: {
      projects: { type: 'string', default: '5000' },
      runs: { type: 'string', default: '3' },
    },
  });
  benchBoardTti({ projects: Number(values.projects), runs: Number(values.runs) }).then(
    printFigures,
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
