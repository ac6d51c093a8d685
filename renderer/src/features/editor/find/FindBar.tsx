import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type { Segment } from '../../../../../shared/api/segments';
import { useEditorStore } from '../editor-store';
import { ReplaceRow } from '../replace/ReplaceRow';
import { isReviewed } from '../review/review';
import { useReplaceStore } from '../replace/replace-store';
import type { ReplaceContext } from '../replace/use-replace';
import { useFindStore } from './find-store';
import { GoToField } from './GoToField';
import type { SearchScope } from './search';
import { SearchModes } from './SearchModes';
import {
  countStates,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  type SegmentState,
  type StatusFilter,
} from './segment-filter';
import './find.css';

interface FindBarProps {
  segments: readonly Segment[];
  /** How many segments pass the filters; null while none is on. */
  passing: number | null;
  invalidSearch: string | null;
  onGoTo: (index: number) => void;
  /** What replacing works on; without it the bar only finds. */
  replace?: ReplaceContext;
}

const SCOPES: Record<SearchScope, string> = {
  both: 'Source and target',
  source: 'Source',
  target: 'Target',
};

const isState = (filter: StatusFilter): filter is SegmentState =>
  filter !== 'all' && filter !== 'unreviewed' && filter !== 'qa' && filter !== 'comments';

/**
 * The status filter, the search with its modes, the count of what they leave, go-to, and the
 * replace row (Ctrl+H) below them.
 */
export function FindBar({ segments, passing, invalidSearch, onGoTo, replace }: FindBarProps) {
  const searchRef = useRef<HTMLInputElement>(null);
  const status = useFindStore((state) => state.status);
  const search = useFindStore((state) => state.search);
  const focusRequest = useFindStore((state) => state.searchFocusRequest);
  const counts = useMemo(() => countStates(segments), [segments]);
  const unreviewed = useMemo(
    () => segments.filter((segment) => !isReviewed(segment)).length,
    [segments],
  );
  const isReplaceOpen = useReplaceStore((state) => state.isOpen);
  useEffect(() => {
    if (focusRequest > 0) searchRef.current?.select();
  }, [focusRequest]);

  // Esc clears the search; on an empty one it goes back to the translation.
  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' && event.key !== 'Enter') return;
    event.preventDefault();
    if (event.key === 'Escape' && search.query !== '') {
      useFindStore.getState().setSearch({ query: '' });
      return;
    }
    // Enter works on the hit made active. The target takes the focus once it left the bar.
    searchRef.current?.blur();
    useEditorStore.getState().focusTarget();
  };

  return (
    <div className="find-bar" role="search" data-find-bar data-testid="find-bar">
      <select
        className="find-status"
        aria-label="Show segments"
        value={status}
        onChange={(event) => useFindStore.getState().setStatus(event.target.value as StatusFilter)}
        data-testid="find-status"
      >
        {STATUS_FILTERS.map((filter) => (
          <option key={filter} value={filter}>
            {STATUS_FILTER_LABELS[filter]}
            {isState(filter)
              ? ` (${counts[filter].toLocaleString()})`
              : filter === 'unreviewed'
                ? ` (${unreviewed.toLocaleString()})`
                : ''}
          </option>
        ))}
      </select>
      <span className="find-search">
        <input
          ref={searchRef}
          type="search"
          className="find-search-input"
          aria-label="Search segments"
          placeholder="Find… (Ctrl+F)"
          value={search.query}
          aria-invalid={invalidSearch ? true : undefined}
          aria-describedby={invalidSearch ? 'find-search-error' : undefined}
          onChange={(event) => useFindStore.getState().setSearch({ query: event.target.value })}
          onKeyDown={onSearchKeyDown}
          data-testid="find-search"
        />
        <SearchModes search={search} />
        <select
          className="find-scope"
          aria-label="Search in"
          value={search.scope}
          onChange={(event) =>
            useFindStore.getState().setSearch({ scope: event.target.value as SearchScope })
          }
          data-testid="find-scope"
        >
          {Object.entries(SCOPES).map(([scope, label]) => (
            <option key={scope} value={scope}>
              {label}
            </option>
          ))}
        </select>
        {replace ? (
          <button
            type="button"
            className="find-mode"
            aria-pressed={isReplaceOpen}
            aria-label="Replace"
            title="Replace (Ctrl+H)"
            onClick={() => useReplaceStore.getState().setOpen(!isReplaceOpen)}
            data-testid="find-replace-toggle"
          >
            ⇄
          </button>
        ) : null}
      </span>
      {invalidSearch ? (
        <span id="find-search-error" className="find-error" role="alert" data-testid="find-error">
          {invalidSearch}
        </span>
      ) : (
        <span className="find-count" role="status" data-testid="find-count">
          {passing === null
            ? ''
            : `${passing.toLocaleString()} of ${segments.length.toLocaleString()} segments`}
        </span>
      )}
      <GoToField count={segments.length} onGoTo={onGoTo} />
      {replace && isReplaceOpen ? <ReplaceRow context={replace} /> : null}
    </div>
  );
}
