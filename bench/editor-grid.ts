// The editor's segment grid with a long document, in Chromium: time to an open, interactive
// document read in pages (against its peer in the same run, the same page load reading the whole
// document in one answer), scroll smoothness, the cost of a keystroke in the active target, and
// of one in the find bar's search over every segment.
// Run `npm run build` first, then `npx tsx bench/editor-grid.ts [--segments 10000] [--runs 3]`.
import type { Browser, Page } from '@playwright/test';
import { SEARCHED, measureSearch, timeReads } from './editor-find-search';
import { seedDocument, type SeededDocument } from './seed-document';
import {
  benchPageLoads,
  format,
  measureScroll,
  newBenchPage,
  percentile,
  runFromCommandLine,
  scrollFigureLines,
  type PageGlobals,
  type ResourceTiming,
  type ScrollFigures,
} from './web-host-bench';

const SCROLL_MS = 2_000;
const SETTLE_MS = 1_000;
// 50 characters a keyboard types without a dead key: every one is a real keydown.
const TYPED = 'Use la barra Buscar para localizar texto en Writer';
const ROW = '[data-testid="segment-row"]';
// The goals: a document open in under 500 ms, a search keystroke in under 50 ms.
const OPEN_GOAL_MS = 500;
const SEARCH_GOAL_MS = 50;

export interface EditorGridOptions {
  /** Segments in the document (default 10,000). */
  segments?: number;
  /** Page loads measured; the figures are their medians (default 3). */
  runs?: number;
}

interface EditorGlobals extends PageGlobals {
  /** When segment 1 was first seen active with its target focused. */
  benchReadyAt?: number;
  /** When segment 2 was first seen active and focused, after Alt+↓ in segment 1. */
  benchInteractiveAt?: number;
  /** Per keystroke, ms from the keydown to its input handled, and to the task after the frame. */
  benchKeystrokes?: { handled: number[]; painted: number[] };
}

/** What one page load measured, in milliseconds from navigation start unless named otherwise. */
interface RunFigures extends ScrollFigures {
  documentRequestedMs: number;
  documentAnsweredMs: number;
  documentBytes: number;
  readyMs: number;
  interactiveMs: number;
  allLoadedMs: number;
  wholeRequestedMs: number;
  wholeAnsweredMs: number;
  wholeBytes: number;
  wholeReadyMs: number;
  wholeInteractiveMs: number;
  searchP50Ms: number;
  searchP95Ms: number;
  searchKeys: number;
  searchRepainted: number;
  firstPageReadMs: number;
  wholeReadMs: number;
  askedToOpenMs: number;
  wholeAskedToOpenMs: number;
  rowsInDom: number;
  distancePx: number;
  keyHandledP50Ms: number;
  keyHandledP95Ms: number;
  keyFrameP50Ms: number;
  keyFrameP95Ms: number;
  keyFrameMaxMs: number;
}

/**
 * Added to the page before its own scripts, so it watches from the start (a probe installed once
 * `page.goto` returns could come after the document opened, and count its own delay): every
 * frame, once segment 1 is active with its target focused (the document is open), press Alt+↓
 * there; the editor is interactive when segment 2 is active and focused.
 */
function watchOpen() {
  const page = globalThis as unknown as EditorGlobals;
  const activeEditor = (index: number) => {
    const row = page.document.querySelector(`[data-testid="segment-row"][data-index="${index}"]`);
    const editor = row?.dataset.active ? row.querySelector('[data-testid="segment-editor"]') : null;
    return editor && page.document.activeElement === editor ? editor : null;
  };
  const onFrame = () => {
    if (page.benchReadyAt === undefined) {
      const first = activeEditor(0);
      if (first) {
        page.benchReadyAt = performance.now();
        first.dispatchEvent(
          new page.KeyboardEvent('keydown', {
            key: 'ArrowDown',
            code: 'ArrowDown',
            altKey: true,
            bubbles: true,
          }),
        );
      }
    } else if (activeEditor(1)) {
      page.benchInteractiveAt = performance.now();
      return;
    }
    page.requestAnimationFrame(onFrame);
  };
  page.requestAnimationFrame(onFrame);
}

/** Polled by the bench: what watchOpen saw, once the editor is interactive. */
function openedFigures() {
  const page = globalThis as unknown as EditorGlobals;
  if (page.benchReadyAt === undefined || page.benchInteractiveAt === undefined) return false;
  return {
    readyMs: page.benchReadyAt,
    interactiveMs: page.benchInteractiveAt,
    rowsInDom: page.document.querySelectorAll('[data-testid="segment-row"]').length,
  };
}

/**
 * Runs in the page: times every keydown to the end of its input event, by when React has rendered
 * the controlled textarea (its root listener runs before the document's), and to the first task
 * after the next frame, by when the frame showing the keystroke has been produced.
 */
function installKeystrokeProbe() {
  const page = globalThis as unknown as EditorGlobals;
  const handled: number[] = [];
  const painted: number[] = [];
  page.benchKeystrokes = { handled, painted };
  let start = 0;
  page.document.addEventListener(
    'keydown',
    (event) => {
      start = event.timeStamp;
      const keyStart = start;
      page.requestAnimationFrame(() =>
        page.setTimeout(() => painted.push(performance.now() - keyStart), 0),
      );
    },
    true,
  );
  page.document.addEventListener('input', () => handled.push(performance.now() - start), false);
}

/** Types TYPED into the active target one key at a time, each measured on its own. */
async function measureTyping(page: Page): Promise<{ handled: number[]; painted: number[] }> {
  const editor = page.locator(`${ROW}[data-active] [data-testid="segment-editor"]`);
  const before = await editor.inputValue();
  await page.evaluate(installKeystrokeProbe);
  for (let i = 0; i < TYPED.length; i += 1) {
    await page.keyboard.type(TYPED.charAt(i));
    await page.waitForFunction(
      (count) => {
        const keys = (globalThis as unknown as EditorGlobals).benchKeystrokes;
        return (keys?.painted.length ?? 0) >= count;
      },
      i + 1,
      { polling: 'raf' },
    );
  }
  const after = await editor.inputValue();
  if (after.length !== before.length + TYPED.length) {
    throw new Error(`The target took ${after.length - before.length} of ${TYPED.length} keys.`);
  }
  const keys = await page.evaluate(() => (globalThis as unknown as EditorGlobals).benchKeystrokes);
  if (keys?.handled.length !== TYPED.length) {
    throw new Error(`${keys?.handled.length ?? 0} input events for ${TYPED.length} keys.`);
  }
  return {
    handled: keys.handled.sort((a, b) => a - b),
    painted: keys.painted.sort((a, b) => a - b),
  };
}

/** The first request of `channel` the page made: when it left, when it was answered, its size. */
async function requestTiming(page: Page, channel: string) {
  return page.evaluate((name) => {
    const entry = (performance.getEntriesByType('resource') as unknown as ResourceTiming[]).find(
      (timing) => timing.name.includes(name),
    );
    return {
      requestedMs: entry?.startTime ?? Number.NaN,
      answeredMs: entry?.responseEnd ?? Number.NaN,
      bytes: entry?.encodedBodySize ?? 0,
    };
  }, encodeURIComponent(channel));
}

/** Navigates to the document and waits until segment 1 is active, then segment 2 after Alt+↓. */
async function openDocument(page: Page, url: string, seeded: SeededDocument) {
  await page.addInitScript(watchOpen);
  await page.goto(`${url}#/editor?project=${seeded.projectId}&document=${seeded.documentId}`);
  const interactive = await page.waitForFunction(openedFigures, undefined, {
    polling: 'raf',
    timeout: 60_000,
  });
  return (await interactive.jsonValue()) as {
    readyMs: number;
    interactiveMs: number;
    rowsInDom: number;
  };
}

/**
 * The peer: the same cold page load with the paged reads refused, so the editor reads the whole
 * document in one answer (`documents:get`), as it did before pages and as it still does with a
 * server without them.
 */
async function measureWholeOpen(browser: Browser, url: string, seeded: SeededDocument) {
  const page = await newBenchPage(browser);
  try {
    await page.route(`**/${encodeURIComponent('documents:segments')}*`, (route) => route.abort());
    const opened = await openDocument(page, url, seeded);
    const whole = await requestTiming(page, 'documents:get');
    return {
      wholeRequestedMs: whole.requestedMs,
      wholeAnsweredMs: whole.answeredMs,
      wholeBytes: whole.bytes,
      wholeReadyMs: opened.readyMs,
      wholeInteractiveMs: opened.interactiveMs,
    };
  } finally {
    await page.context().close();
  }
}

/**
 * One cold page load of the document in a new browser context: time to interactive with its
 * first page, until every page is in, a scroll of the whole grid, then (back at the top, segment
 * 2 active again) typing in its target, and a search in the find bar.
 */
async function measureRun(browser: Browser, url: string, seeded: SeededDocument) {
  const page = await newBenchPage(browser);
  try {
    const opened = await openDocument(page, url, seeded);
    const first = await requestTiming(page, 'documents:segments');
    // The rest of the pages are read in the background; the note goes when the last is in.
    await page.getByTestId('editor-loading-note').waitFor({ state: 'detached', timeout: 60_000 });
    const allLoadedMs = await page.evaluate(() => performance.now());
    const reads = await timeReads(page, seeded.documentId);
    // Segment 2's lookups (TM, MT, terms) answer before the scroll, so it measures the grid alone.
    await page.waitForTimeout(SETTLE_MS);
    const scroll = await measureScroll(page, {
      scroller: '[data-testid="segment-grid"]',
      row: ROW,
      durationMs: SCROLL_MS,
    });
    // Back at the top, segment 2's row (and its target, which takes the focus) is mounted again.
    await page.getByTestId('segment-grid').evaluate((grid) => {
      grid.scrollTop = 0;
    });
    await page.locator(`${ROW}[data-index="1"] [data-testid="segment-editor"]`).focus();
    const { handled, painted } = await measureTyping(page);
    const search = await measureSearch(page);
    return {
      documentRequestedMs: first.requestedMs,
      documentAnsweredMs: first.answeredMs,
      documentBytes: first.bytes,
      allLoadedMs,
      ...opened,
      ...scroll,
      keyHandledP50Ms: percentile(handled, 50),
      keyHandledP95Ms: percentile(handled, 95),
      keyFrameP50Ms: percentile(painted, 50),
      keyFrameP95Ms: percentile(painted, 95),
      keyFrameMaxMs: painted[painted.length - 1] ?? 0,
      ...search,
      ...reads,
    };
  } finally {
    await page.context().close();
  }
}

/** Both opens of one run, the whole answer's first (each in its own cold context). */
async function measureBoth(browser: Browser, url: string, seeded: SeededDocument) {
  const whole = await measureWholeOpen(browser, url, seeded);
  const paged = await measureRun(browser, url, seeded);
  return {
    ...whole,
    ...paged,
    // From the document's read leaving to segment 1 active: the open without the page's start.
    askedToOpenMs: paged.readyMs - paged.documentRequestedMs,
    wholeAskedToOpenMs: whole.wholeReadyMs - whole.wholeRequestedMs,
  } satisfies RunFigures;
}

/** Seeds, starts the web host, measures `runs` cold loads of the document, and cleans up. */
export async function benchEditorGrid(
  options: EditorGridOptions = {},
): Promise<Record<string, number>> {
  const { segments = 10_000, runs = 3 } = options;
  const { documentBytes, wholeBytes, ...medians } = await benchPageLoads({
    seed: (db) => seedDocument(db, segments),
    runs,
    measure: measureBoth,
  });
  return {
    segments,
    runs,
    ...medians,
    documentKiB: documentBytes / 1024,
    wholeKiB: wholeBytes / 1024,
  };
}

const ratio = (figure: number | undefined, peer: number | undefined) =>
  figure !== undefined && peer ? figure / peer : Number.NaN;

function printFigures(figures: Record<string, number>): void {
  const { ms, n, fixed } = format;
  const f = figures;
  console.log(
    [
      `Editor with a ${n(f.segments)}-segment document: medians of ${n(f.runs)} cold page loads (Chromium, 1440x900)`,
      `  seeding the data folder                 ${ms(f.seedMs)}`,
      `  first page (documents:segments) asked   ${ms(f.documentRequestedMs)}`,
      `  first page answered                     ${ms(f.documentAnsweredMs)} (${n(f.documentKiB)} KiB)`,
      `  document open, segment 1 active         ${ms(f.readyMs)} (${n(f.rowsInDom)} rows in the DOM)`,
      `  time to interactive (Alt+↓ to seg. 2)   ${ms(f.interactiveMs)}`,
      `  every page in                           ${ms(f.allLoadedMs)}`,
      `Peer in the same runs: the whole document in one answer (documents:get)`,
      `  whole answer (documents:get) asked      ${ms(f.wholeRequestedMs)}`,
      `  whole answer answered                   ${ms(f.wholeAnsweredMs)} (${n(f.wholeKiB)} KiB)`,
      `  document open, segment 1 active         ${ms(f.wholeReadyMs)}`,
      `  time to interactive (Alt+↓ to seg. 2)   ${ms(f.wholeInteractiveMs)}`,
      `  one read alone: first page / whole      ${ms(f.firstPageReadMs)} / ${ms(f.wholeReadMs)} (1 : ${fixed(ratio(f.wholeReadMs, f.firstPageReadMs))})`,
      `  read asked to open: pages / whole       ${ms(f.askedToOpenMs)} / ${ms(f.wholeAskedToOpenMs)} (${fixed(ratio(f.askedToOpenMs, f.wholeAskedToOpenMs))} ×)`,
      `  open with pages / whole answer          ${fixed(ratio(f.readyMs, f.wholeReadyMs))} ×`,
      `  open with pages / goal of ${OPEN_GOAL_MS} ms        ${fixed(ratio(f.readyMs, OPEN_GOAL_MS))} ×`,
      `Scroll of the grid: ${n(f.distancePx)} px top to bottom in ${SCROLL_MS / 1000} s`,
      ...scrollFigureLines(f, 'row', 40),
      `Typing ${TYPED.length} characters in segment 2's target, one key at a time`,
      `  keydown to input rendered p50 / p95     ${fixed(f.keyHandledP50Ms)} / ${fixed(f.keyHandledP95Ms)} ms`,
      `  keydown to next frame p50 / p95 / max   ${fixed(f.keyFrameP50Ms)} / ${fixed(f.keyFrameP95Ms)} / ${fixed(f.keyFrameMaxMs)} ms`,
      `Search in the find bar over all ${n(f.segments)} segments: ${n(f.searchKeys)} keys ("${SEARCHED.join('", "')}"), hits repainted after ${n(f.searchRepainted)}`,
      `  keydown to hits painted p50 / p95       ${fixed(f.searchP50Ms)} / ${fixed(f.searchP95Ms)} ms`,
      `  p95 / goal of ${SEARCH_GOAL_MS} ms                   ${fixed(ratio(f.searchP95Ms, SEARCH_GOAL_MS))} ×`,
    ].join('\n'),
  );
}

runFromCommandLine(
  import.meta.url,
  { segments: '10000', runs: '3' },
  benchEditorGrid,
  printFigures,
);
