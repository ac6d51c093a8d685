import { describe, expect, it } from 'vitest';
import {
  dateRangeProblem,
  formatBoardSearch,
  localDayStart,
  NO_FILTERS,
  parseBoardFilters,
  toListQuery,
} from './board-filters';

describe('board filters in the address', () => {
  it('reads and writes every filter', () => {
    const search = 'pair=en-es&from=2026-01-01&to=2026-02-01&state=inReview&archived=1';
    const filters = parseBoardFilters(search);
    expect(filters).toEqual({
      pair: { source: 'en', target: 'es' },
      from: '2026-01-01',
      to: '2026-02-01',
      state: 'inReview',
      showArchived: true,
    });
    expect(formatBoardSearch(filters)).toBe(search);
    expect(formatBoardSearch(NO_FILTERS)).toBe('');
  });

  it('leaves out what it cannot read', () => {
    expect(
      parseBoardFilters('pair=english&from=2026-02-31&to=soon&state=lost&archived=yes'),
    ).toEqual(NO_FILTERS);
  });
});

describe('the list query', () => {
  it('hides archived projects unless asked', () => {
    expect(toListQuery(NO_FILTERS)).toEqual({ archived: false });
    expect(toListQuery({ ...NO_FILTERS, showArchived: true })).toEqual({ archived: true });
  });

  it('takes created-between as whole local days, the end day included', () => {
    const query = toListQuery({ ...NO_FILTERS, from: '2026-03-07', to: '2026-03-08' });
    expect(query.from_time).toBe(new Date(2026, 2, 7).getTime() / 1000);
    expect(query.to_time).toBe(new Date(2026, 2, 9).getTime() / 1000);
    expect(localDayStart('2026-12-31', 1)).toBe(new Date(2027, 0, 1).getTime() / 1000);
  });

  it('does not send a range that ends before it starts', () => {
    const filters = { ...NO_FILTERS, from: '2026-03-09', to: '2026-03-08' };
    expect(dateRangeProblem(filters)).toMatch(/after/);
    expect(toListQuery(filters)).toEqual({ archived: false });
  });

  it('sends the pair and the state', () => {
    const filters = { ...NO_FILTERS, pair: { source: 'en', target: 'ca' }, state: 'done' as const };
    expect(toListQuery(filters)).toEqual({
      archived: false,
      srclang: 'en',
      trglang: 'ca',
      state: 'done',
    });
  });
});
