import type { UseQueryResult } from '@tanstack/react-query';
import type { ConcordanceHit, ConcordanceResponse } from '../../../shared/api/concordance';
import { isConcordanceIndexing } from '../queries/concordance';
import { EmptyState } from './EmptyState';
import { ErrorMessage } from './ErrorMessage';
import { MarkedText } from './MarkedText';
import { epochIso, formatEpochDate, matchInfo } from './tm-format';
import './concordance.css';

interface ConcordanceHitsProps {
  /** The search that was run (blank: none yet). */
  query: string;
  result: UseQueryResult<ConcordanceResponse>;
  srclang: string;
  trglang: string;
  /** Offers a button per hit that hands its target over (the editor copies it). */
  onCopyTarget?: (hit: ConcordanceHit) => void;
}

/** Searching, failed, nothing found, or the units holding the phrase with it marked. */
export function ConcordanceHits({
  query,
  result,
  srclang,
  trglang,
  onCopyTarget,
}: ConcordanceHitsProps) {
  if (query === '') return null;
  if (result.isError) {
    return (
      <ErrorMessage
        error={result.error}
        title="The concordance search failed"
        testId="concordance-error"
        onRetry={() => void result.refetch()}
      />
    );
  }
  // The server builds the memory's index on its first search, saying how far it is.
  const indexing = isConcordanceIndexing(result.failureReason) ? result.failureReason : null;
  if (!result.data || indexing) {
    return (
      <div className="concordance-loading" role="status" data-testid="concordance-loading">
        <span className="spinner" aria-hidden="true" />
        {indexing ? `${indexing.message}…` : 'Searching…'}
      </div>
    );
  }
  const { hits, capped } = result.data;
  if (hits.length === 0) {
    return (
      <EmptyState title={`No unit holds “${query}”`} testId="concordance-empty">
        <p>Whole words only; accents and case do not matter.</p>
      </EmptyState>
    );
  }
  const isStale = result.isPlaceholderData || result.isFetching;
  return (
    <div className="concordance-results" data-stale={isStale || undefined}>
      <p className="concordance-summary" role="status" data-testid="concordance-summary">
        {hits.length === 1 ? '1 unit' : `${hits.length} units`}, shortest first
        {capped ? ' (the search stopped early: longer units may be missing)' : ''}
      </p>
      <ol className="concordance-list" data-testid="concordance-list">
        {hits.map((hit, index) => {
          const info = matchInfo(hit);
          return (
            <li
              key={info.segmentId ?? index}
              className="concordance-hit"
              data-testid="concordance-hit"
              data-segment-id={info.segmentId ?? undefined}
            >
              <p className="concordance-source" lang={srclang} data-testid="concordance-source">
                <MarkedText text={hit.source} ranges={hit.source_ranges} />
              </p>
              <p className="concordance-target" lang={trglang} data-testid="concordance-target">
                <MarkedText text={hit.target} ranges={hit.target_ranges} />
              </p>
              <p className="concordance-meta">
                {info.origin ? <span>{info.origin}</span> : null}
                {info.changedAt !== null ? (
                  <time dateTime={epochIso(info.changedAt)}>{formatEpochDate(info.changedAt)}</time>
                ) : null}
                {onCopyTarget ? (
                  <button
                    type="button"
                    className="concordance-copy"
                    onClick={() => onCopyTarget(hit)}
                    data-testid="concordance-copy"
                  >
                    Copy target
                  </button>
                ) : null}
              </p>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
