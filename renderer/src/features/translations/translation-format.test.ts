import { describe, expect, it } from 'vitest';
import { listFilters, newlyReady, periodStart, progressPercent } from './translation-format';
import { testTranslation } from './translation-test-support';

const info = testTranslation;

describe('newlyReady', () => {
  it('counts what was in progress, or new since the list loaded, never what was ready already', () => {
    const previous = new Map([
      [1, 'InProgress' as const],
      [2, 'ReadyForDownload' as const],
      [3, 'InProgress' as const],
    ]);
    const current = [
      info({ id: 1, status: 'ReadyForDownload' }),
      info({ id: 2, status: 'ReadyForDownload' }),
      info({ id: 3, status: 'Failed' }),
      info({ id: 4, status: 'ReadyForDownload', createdAt: 2000 }),
      info({ id: 5, status: 'ReadyForDownload', createdAt: 500 }),
    ];
    expect(newlyReady(previous, current, 1500).map((t) => t.id)).toEqual([1, 4]);
    // The first load: nothing was seen, everything predates it.
    expect(newlyReady(new Map(), current, 3000)).toEqual([]);
  });
});

describe('progress and filters', () => {
  it('is a whole percentage that never passes 100 and is 0 before the file is read', () => {
    expect(progressPercent({ segmentsDone: 0, segmentsTotal: 0 })).toBe(0);
    expect(progressPercent({ segmentsDone: 2, segmentsTotal: 3 })).toBe(66);
    expect(progressPercent({ segmentsDone: 3, segmentsTotal: 3 })).toBe(100);
  });

  it('sends only the filters chosen', () => {
    expect(listFilters(null, null)).toEqual({});
    expect(listFilters('Failed', 100)).toEqual({ status: 'Failed', fromTime: 100 });
    expect(periodStart('all', 5000)).toBeNull();
    expect(periodStart('hour', 5000)).toBe(1400);
    expect(periodStart('week', 5000)).toBe(0);
  });
});
