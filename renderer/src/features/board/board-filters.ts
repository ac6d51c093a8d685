import type { ProjectListQuery, ProjectState } from '../../../../shared/api/projects';
import { isProjectState } from '../../components/project-format';

/** What the filter bar shows, as kept in the address (`#/board?pair=en-es&state=inReview`). */
export interface BoardFilters {
  /** `en-es`: source and target language codes. */
  pair: { source: string; target: string } | null;
  /** Created on or after this local day (`YYYY-MM-DD`). */
  from: string | null;
  /** Created on or before this local day (`YYYY-MM-DD`). */
  to: string | null;
  state: ProjectState | null;
  showArchived: boolean;
}

export const NO_FILTERS: BoardFilters = {
  pair: null,
  from: null,
  to: null,
  state: null,
  showArchived: false,
};

const PAIR = /^([a-z]{2,3})-([a-z]{2,3})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight at the start of a `YYYY-MM-DD` day, in epoch seconds; null if it is no date. */
export function localDayStart(day: string, addDays = 0): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  const value = new Date(year, month - 1, date + addDays);
  // Reject days that roll over (2026-02-31) instead of silently moving them.
  const check = new Date(year, month - 1, date);
  if (check.getMonth() !== month - 1 || check.getDate() !== date) return null;
  return Math.floor(value.getTime() / 1000);
}

function isDay(value: string | null): value is string {
  return value !== null && localDayStart(value) !== null;
}

/** Reads the filters from the query part of the hash; anything unreadable is left out. */
export function parseBoardFilters(search: string): BoardFilters {
  const params = new URLSearchParams(search);
  const pair = PAIR.exec(params.get('pair') ?? '');
  const state = params.get('state');
  const from = params.get('from');
  const to = params.get('to');
  return {
    pair: pair ? { source: pair[1] ?? '', target: pair[2] ?? '' } : null,
    from: isDay(from) ? from : null,
    to: isDay(to) ? to : null,
    state: isProjectState(state) ? state : null,
    showArchived: params.get('archived') === '1',
  };
}

/** The query part for the hash, without `?`; empty when no filter is set. */
export function formatBoardSearch(filters: BoardFilters): string {
  const params = new URLSearchParams();
  if (filters.pair) params.set('pair', `${filters.pair.source}-${filters.pair.target}`);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.state) params.set('state', filters.state);
  if (filters.showArchived) params.set('archived', '1');
  return params.toString();
}

export function hasActiveFilters(filters: BoardFilters): boolean {
  return formatBoardSearch(filters) !== '';
}

/** A start date after the end date: the server would refuse the range, so say why instead. */
export function dateRangeProblem(filters: BoardFilters): string | null {
  if (!filters.from || !filters.to) return null;
  if (filters.from > filters.to) return 'The “from” date is after the “to” date.';
  return null;
}

/**
 * The `projects:list` query for the filters. Created-between is whole local days: from the start
 * of the first day (inclusive) to the start of the day after the last one (exclusive).
 */
export function toListQuery(filters: BoardFilters): ProjectListQuery {
  const query: ProjectListQuery = { archived: filters.showArchived };
  if (filters.pair) {
    query.srclang = filters.pair.source;
    query.trglang = filters.pair.target;
  }
  if (filters.state) query.state = filters.state;
  if (dateRangeProblem(filters)) return query;
  const fromTime = filters.from ? localDayStart(filters.from) : null;
  const toTime = filters.to ? localDayStart(filters.to, 1) : null;
  if (fromTime !== null) query.from_time = fromTime;
  if (toTime !== null) query.to_time = toTime;
  return query;
}
