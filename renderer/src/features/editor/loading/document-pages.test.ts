import { describe, expect, it } from 'vitest';
import {
  documentFromPage,
  isFullyLoaded,
  mergeDocuments,
  segmentTotal,
  withChanges,
  withPage,
} from './document-pages';
import { answerPage, testHeader, testSegment } from './test-pages';

const ALL = Array.from({ length: 250 }, (_, index) => testSegment(index));
const first = () => documentFromPage(answerPage(ALL, { id: 7, offset: 0, limit: 100 }, 500));

describe('a document read in pages', () => {
  it('opens with its first page and knows how many segments it has', () => {
    const document = first();
    expect(document.segments).toEqual(ALL.slice(0, 100));
    expect(document.paging).toEqual({ total: 250, syncedAsOf: 500 });
    expect(segmentTotal(document)).toBe(250);
    expect(isFullyLoaded(document)).toBe(false);
  });

  it('appends the next pages in order until every segment is there', () => {
    let document = first();
    for (const offset of [100, 200]) {
      document = withPage(document, answerPage(ALL, { id: 7, offset, limit: 100 }, 600));
    }
    expect(document.segments).toEqual(ALL);
    expect(isFullyLoaded(document)).toBe(true);
    // The first read's clock stays: what changed since then is asked next.
    expect(document.paging?.syncedAsOf).toBe(500);
  });

  it('drops a page past the loaded segments, so they never have holes', () => {
    const document = first();
    expect(withPage(document, answerPage(ALL, { id: 7, offset: 200, limit: 50 }, 600))).toBe(
      document,
    );
  });

  it('keeps a segment saved while a late page was on its way', () => {
    const document = first();
    const saved = testSegment(99, { target: 'Guardado', revision: 2, updated_at: 700 });
    document.segments[99] = saved;
    // A page that overlaps the loaded ones holds the segment as it was before the save.
    const late = withPage(document, answerPage(ALL, { id: 7, offset: 50, limit: 100 }, 600));
    expect(late.segments[99]).toBe(saved);
    expect(late.segments).toHaveLength(150);
    expect(late.segments.slice(100)).toEqual(ALL.slice(100, 150));
  });

  it('ends the loading when a page finds nothing where more were counted', () => {
    const empty = { ...answerPage(ALL, { id: 7, offset: 100 }, 600), segments: [] };
    expect(isFullyLoaded(withPage(first(), empty))).toBe(true);
  });
});

describe('what changed since the last read', () => {
  it('replaces the loaded segments that changed, skips the others, and moves the clock', () => {
    const changed = ALL.map((segment) =>
      segment.index === 5 || segment.index === 180
        ? { ...segment, target: 'MT', revision: 2, updated_at: 650 }
        : segment,
    );
    const page = answerPage(changed, { id: 7, updated_since: 640, limit: 1000 }, 660, {
      ...testHeader(),
      is_pretranslating: true,
    });
    const document = withChanges(first(), [page]);
    expect(document.segments[5]?.target).toBe('MT');
    expect(document.segments).toHaveLength(100);
    expect(document.is_pretranslating).toBe(true);
    expect(document.paging).toEqual({ total: 250, syncedAsOf: 660 });
  });

  it('never puts an older copy over a newer cached one', () => {
    const document = first();
    const saved = testSegment(5, { target: 'Mío', revision: 3, updated_at: 700 });
    document.segments[5] = saved;
    const older = { ...ALL[5]!, target: 'MT', revision: 2, updated_at: 650 };
    const page = { ...answerPage(ALL, { id: 7 }, 660), segments: [older] };
    expect(withChanges(document, [page]).segments[5]).toBe(saved);
  });
});

describe('a read merged with what is cached when it lands', () => {
  it('keeps saves that answered meanwhile and pages added meanwhile', () => {
    const fresh = first();
    const cached = withPage(first(), answerPage(ALL, { id: 7, offset: 100, limit: 100 }, 600));
    const saved = testSegment(3, { target: 'Hola', revision: 2, updated_at: 700 });
    cached.segments[3] = saved;
    const merged = mergeDocuments(cached, fresh);
    expect(merged.segments[3]).toBe(saved);
    expect(merged.segments).toHaveLength(200);
    expect(merged.paging).toEqual(fresh.paging);
  });

  it('answers the read itself when nothing cached differs', () => {
    const fresh = first();
    expect(mergeDocuments(undefined, fresh)).toBe(fresh);
    expect(mergeDocuments(first(), fresh)).toBe(fresh);
  });
});
