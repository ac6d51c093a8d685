// The board's time to interactive and scroll smoothness with thousands of projects, in Chromium.
// Run `npm run build` first, then `npx tsx bench/board-tti.ts [--projects 5000] [--runs 3]`.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import { seedProjects } from './seed-projects';
import {
  createDataFolder,
  DROPPED_FRAME_MS,
  format,
  launchChromium,
  measureScroll,
  medianFigures,
  newBenchPage,
  startWebHost,
  type DataFolder,
  type PageElement,
  type PageGlobals,
  type WebHost,
} from './web-host-bench';

const SCROLL_MS = 2_000;

export interface BoardTtiOptions {
  /** Projects seeded into the data folder (default 5,000). */
  projects?: number;
  /** Page loads measured; the figures are their medians (default 3). */
  runs?: number;
}

interface BoardGlobals extends PageGlobals {
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

/** One cold page load of the board in a new browser context, then a scroll of its longest column. */
async function measureRun(browser: Browser, url: string): Promise<RunFigures> {
  const page = await newBenchPage(browser);
  try {
    await page.goto(`${url}#/board`);
    // Polled every frame in the page: once the board is ready, focus a card and press ↓; the
    // board is interactive when the focus has moved to the next card.
    const interactive = await page.waitForFunction(
      () => {
        const page = globalThis as unknown as BoardGlobals;
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
    const longest = await page.evaluate(longestColumn);
    const scroll = await measureScroll(page, {
      scroller: `section[data-state="${longest.state}"] [data-role="column-scroll"]`,
      row: '[data-testid="project-card"]',
      durationMs: SCROLL_MS,
    });
    const { distancePx, ...frames } = scroll;
    return {
      ...timings,
      interactiveMs,
      scrollCards: longest.cards,
      scrollDistancePx: distancePx,
      ...frames,
    };
  } finally {
    await page.context().close();
  }
}

/** Runs in the page: the state and card count of the column with the most cards. */
function longestColumn(): { state: string; cards: number } {
  const page = globalThis as unknown as PageGlobals;
  const countOf = (column: PageElement) =>
    Number(
      column.querySelector('[data-testid^="board-column-count-"]')?.textContent?.replace(/\D/g, ''),
    );
  const columns = Array.from(page.document.querySelectorAll('section[data-state]'));
  const column = columns.reduce((best, next) => (countOf(next) > countOf(best) ? next : best));
  return { state: column.dataset.state ?? '', cards: countOf(column) };
}

/** Seeds, starts the web host, measures `runs` cold loads of the board, and cleans up. */
export async function benchBoardTti(
  options: BoardTtiOptions = {},
): Promise<Record<string, number>> {
  const { projects = 5_000, runs = 3 } = options;
  const chromium = await launchChromium();
  let folder: DataFolder<unknown> | undefined;
  let host: WebHost | undefined;
  try {
    const seedStart = performance.now();
    folder = await createDataFolder((db) => seedProjects(db, { count: projects }));
    const seedMs = performance.now() - seedStart;
    host = await startWebHost(folder.dir);
    const results: RunFigures[] = [];
    for (let run = 0; run < runs; run += 1) {
      results.push(await measureRun(chromium.browser, host.url));
    }
    const { listBytes, ...medians } = medianFigures<keyof RunFigures>(results);
    return { projects, runs, seedMs, ...medians, listKiB: listBytes / 1024 };
  } finally {
    await chromium.close();
    await host?.stop();
    await folder?.remove();
  }
}

function printFigures(figures: Record<string, number>): void {
  const { ms, n, fixed } = format;
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
      `  frame time p50 / p95 / max           ${fixed(f.frameP50Ms)} / ${fixed(f.frameP95Ms)} / ${fixed(f.frameMaxMs)} ms`,
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
