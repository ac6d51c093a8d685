// The board's time to interactive and scroll smoothness with thousands of projects, in Chromium.
// Run `npm run build` first, then `npx tsx bench/board-tti.ts [--projects 5000] [--runs 3]`.
import type { Browser, Page } from '@playwright/test';
import { seedProjects } from './seed-projects';
import {
  benchPageLoads,
  format,
  measureScroll,
  newBenchPage,
  runFromCommandLine,
  scrollFigureLines,
  type PageElement,
  type PageGlobals,
  type ResourceTiming,
  type ScrollFigures,
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

/** What one page load measured, in milliseconds from navigation start unless named otherwise. */
interface RunFigures extends ScrollFigures {
  listRequestedMs: number;
  listAnsweredMs: number;
  listBytes: number;
  boardReadyMs: number;
  interactiveMs: number;
  scrollCards: number;
}

/**
 * Polled every frame in the page: once the board is ready, focus a card and press ↓; the board
 * is interactive when the focus has moved to the next card. Answers that moment, in ms from the
 * page's navigation start.
 */
export async function waitForInteractiveBoard(page: Page): Promise<number> {
  const interactive = await page.waitForFunction(
    () => {
      const page = globalThis as unknown as BoardGlobals;
      if (!page.benchCard) {
        const ready = page.document.querySelector('[data-testid="board-ready"]');
        const card = page.document.querySelector('[data-testid="project-card"]');
        if (!ready || !card) return false;
        page.benchCard = card;
        card.focus();
        card.dispatchEvent(new page.KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
        return false;
      }
      const focused = page.document.activeElement;
      const hasMoved = focused !== page.benchCard && focused?.dataset.testid === 'project-card';
      return hasMoved ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await interactive.jsonValue()) as number;
}

/** One cold page load of the board in a new browser context, then a scroll of its longest column. */
async function measureRun(browser: Browser, url: string): Promise<RunFigures> {
  const page = await newBenchPage(browser);
  try {
    await page.goto(`${url}#/board`);
    const interactiveMs = await waitForInteractiveBoard(page);
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
    return { ...timings, interactiveMs, scrollCards: longest.cards, ...scroll };
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
  const { listBytes, ...medians } = await benchPageLoads({
    seed: (db) => seedProjects(db, { count: projects }),
    runs,
    measure: (browser, url) => measureRun(browser, url),
  });
  return { projects, runs, ...medians, listKiB: listBytes / 1024 };
}

function printFigures(figures: Record<string, number>): void {
  const { ms, n } = format;
  const f = figures;
  console.log(
    [
      `Board with ${n(f.projects)} projects: medians of ${n(f.runs)} cold page loads (Chromium, 1440x900)`,
      `  seeding the data folder              ${ms(f.seedMs)}`,
      `  projects:list requested              ${ms(f.listRequestedMs)}`,
      `  projects:list answered               ${ms(f.listAnsweredMs)} (${n(f.listKiB)} KiB)`,
      `  board-ready, cards on screen         ${ms(f.boardReadyMs)}`,
      `  time to interactive (a card took ↓)  ${ms(f.interactiveMs)}`,
      `Scroll of the longest column: ${n(f.scrollCards)} cards, ${n(f.distancePx)} px top to bottom in ${SCROLL_MS / 1000} s`,
      ...scrollFigureLines(f, 'card', 37),
    ].join('\n'),
  );
}

runFromCommandLine(import.meta.url, { projects: '5000', runs: '3' }, benchBoardTti, printFigures);
