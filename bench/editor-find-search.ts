// The editor bench's search in the find bar and its single reads (bench/editor-grid.ts).
import type { Page } from '@playwright/test';
import { percentile, type PageGlobals } from './web-host-bench';

// Words the find bar searches for, a key at a time: common in the help, so every key has hits.
export const SEARCHED = ['toolbar', 'paragraph'];

interface SearchGlobals extends PageGlobals {
  /** Per key typed in the find bar, ms from the keydown to the frame with its hits painted. */
  benchSearch?: { painted: number[]; repainted: number };
  CSS?: { highlights: { get(name: string): unknown } };
}

/**
 * Runs in the page: times every keydown to the first task after the next frame, by when the
 * search has run over every segment and its hits are painted in the rows in view (the find bar
 * renders in the key's own input event, the grid paints the hits as it commits). Counts the keys
 * after which the highlight is a new one (it is set again on every render).
 */
function installSearchProbe() {
  const page = globalThis as unknown as SearchGlobals;
  const probe = { painted: [] as number[], repainted: 0 };
  page.benchSearch = probe;
  page.document.addEventListener(
    'keydown',
    (event) => {
      // Only the keys that type (a fill's Delete is not one of the search's keystrokes).
      if ((event as { key?: string }).key?.length !== 1) return;
      const start = event.timeStamp;
      const before = page.CSS?.highlights.get('find-hit');
      page.requestAnimationFrame(() =>
        page.setTimeout(() => {
          probe.painted.push(performance.now() - start);
          if (page.CSS?.highlights.get('find-hit') !== before) probe.repainted += 1;
        }, 0),
      );
    },
    true,
  );
}

/** Types each of SEARCHED into the find bar's search field, a key at a time, each one timed. */
export async function measureSearch(page: Page) {
  const field = page.getByTestId('find-search');
  await page.evaluate(installSearchProbe);
  let keys = 0;
  for (const word of SEARCHED) {
    await field.fill('');
    await field.focus();
    for (const key of word) {
      await page.keyboard.type(key);
      keys += 1;
      await page.waitForFunction(
        (count) =>
          ((globalThis as unknown as SearchGlobals).benchSearch?.painted.length ?? 0) >= count,
        keys,
        { polling: 'raf' },
      );
    }
  }
  const probe = await page.evaluate(() => (globalThis as unknown as SearchGlobals).benchSearch);
  const painted = [...(probe?.painted ?? [])].sort((a, b) => a - b);
  return {
    searchP50Ms: percentile(painted, 50),
    searchP95Ms: percentile(painted, 95),
    searchKeys: painted.length,
    searchRepainted: probe?.repainted ?? 0,
  };
}

/**
 * Once the editor is idle, one read of the first page and one of the whole document through the
 * page's bridge, one after the other: what each open waits for, without the page load around it.
 */
export async function timeReads(page: Page, documentId: number) {
  return page.evaluate(async (id) => {
    type Documents = {
      segments(query: { id: number; limit: number }): Promise<unknown>;
      get(query: { id: number }): Promise<unknown>;
    };
    const bridge = (globalThis as unknown as { wordbench: { documents: Documents } }).wordbench;
    const start = performance.now();
    await bridge.documents.segments({ id, limit: 100 });
    const paged = performance.now();
    await bridge.documents.get({ id });
    return { firstPageReadMs: paged - start, wholeReadMs: performance.now() - paged };
  }, documentId);
}
