import type { UseQueryResult } from '@tanstack/react-query';
import type { Memory } from '../../../../shared/api/memories';
import type { TranslationMemoryEntry } from '../../../../shared/api/tm';
import { EmptyState } from '../../components/EmptyState';
import { ErrorMessage } from '../../components/ErrorMessage';
import { TmMatch } from './TmMatch';

interface TmSearchResultsProps {
  memory: Memory;
  /** The search that was run (empty: none yet). */
  query: string;
  threshold: number;
  result: UseQueryResult<TranslationMemoryEntry[]>;
}

/** Nothing asked yet, searching, failed, nothing found, or the matches best first. */
export function TmSearchResults({ memory, query, threshold, result }: TmSearchResultsProps) {
  if (query === '') {
    return (
      <p className="tm-search-hint" data-testid="tm-search-hint">
        {memory.num_segments === 0
          ? 'This memory has no units yet. Import a TMX, XLIFF or CSV file to search it.'
          : `Matches of ${threshold}% or more are listed best first, with the words that differ from your sentence marked.`}
      </p>
    );
  }
  if (result.isError) {
    return (
      <ErrorMessage
        error={result.error}
        title="The search failed"
        testId="tm-search-error"
        onRetry={() => void result.refetch()}
      />
    );
  }
  if (!result.data) {
    return (
      <div className="memories-loading" role="status" data-testid="tm-search-loading">
        <span className="spinner" aria-hidden="true" />
        Searching…
      </div>
    );
  }
  const matches = result.data;
  // The list on screen belongs to an earlier search while the new one runs.
  const isStale = result.isPlaceholderData || result.isFetching;
  return (
    <div className="tm-results" aria-busy={isStale || undefined} data-stale={isStale || undefined}>
      <p className="tm-results-summary" role="status" data-testid="tm-results-summary">
        {matches.length === 0
          ? ''
          : `${matches.length === 1 ? '1 match' : `${matches.length} matches`} of ${threshold}% or more`}
        {matches.length > 0 ? (
          <span className="tm-legend" aria-hidden="true">
            <del className="diff-del">only in the match</del>
            <ins className="diff-ins">only in your text</ins>
          </span>
        ) : null}
      </p>
      {matches.length === 0 ? (
        <EmptyState title={`No match of ${threshold}% or more`} testId="tm-no-match">
          <p>
            Nothing in {memory.name} is close enough to this sentence. Lower the minimum to see
            weaker matches.
          </p>
        </EmptyState>
      ) : (
        <ol className="tm-match-list" data-testid="tm-match-list">
          {matches.map((entry, index) => (
            <TmMatch
              key={`${String(entry.metadata.segment_id ?? index)}-${index}`}
              entry={entry}
              query={query}
              memory={memory}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
