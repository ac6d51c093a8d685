import { useQuery } from '@tanstack/react-query';
import type { Memory } from '../../../../shared/api/memories';
import { EmptyState } from '../../components/EmptyState';
import { ErrorMessage } from '../../components/ErrorMessage';
import { memoryQueries } from '../../queries/memories';
import { termCountLabel } from '../../components/tm-format';
import { TermTable } from './TermTable';

/** The memory's termbase: read on demand (the host exports it first, which takes a moment). */
export function TermsPanel({ memory }: { memory: Memory }) {
  const terms = useQuery(memoryQueries.terms(memory.id));
  if (terms.isError) {
    return (
      <ErrorMessage
        error={terms.error}
        title="The terms could not be read"
        testId="terms-error"
        onRetry={() => void terms.refetch()}
      />
    );
  }
  if (!terms.data) {
    return (
      <div className="memories-loading" role="status" aria-busy="true" data-testid="terms-loading">
        <span className="spinner" aria-hidden="true" />
        Reading the termbase…
      </div>
    );
  }
  if (terms.data.length === 0) {
    return (
      <EmptyState title="No terms yet" testId="terms-empty">
        <p>
          Drop a TBX file, or a CSV with the source and target terms in its first two columns, on
          this memory to fill its termbase.
        </p>
      </EmptyState>
    );
  }
  const isCut = terms.data.length < memory.num_terms;
  return (
    <div className="terms">
      <div className="terms-summary">
        <p role="status" data-testid="terms-summary">
          {isCut
            ? `The first ${termCountLabel(terms.data.length)} of ${memory.num_terms.toLocaleString()}`
            : termCountLabel(terms.data.length)}
        </p>
        <button
          type="button"
          className="button button-small"
          onClick={() => void terms.refetch()}
          disabled={terms.isFetching}
          data-testid="terms-refresh"
        >
          {terms.isFetching ? 'Reading…' : 'Refresh'}
        </button>
      </div>
      <TermTable terms={terms.data} memory={memory} />
    </div>
  );
}
