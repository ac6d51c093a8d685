import type { UseQueryResult } from '@tanstack/react-query';
import type { TermHit } from '../../../../../shared/api/translate';
import { ErrorMessage } from '../../../components/ErrorMessage';

/** The termbase entries found in the active source: term, then its translation. */
export function TermHits({ result }: { result: UseQueryResult<TermHit[]> }) {
  return (
    <section
      className="editor-panel-section"
      aria-labelledby="term-hits-title"
      data-testid="term-hits"
    >
      <h2 id="term-hits-title" className="editor-panel-title">
        Terms
      </h2>
      {result.isError ? (
        <ErrorMessage error={result.error} title="Could not look up the termbase" />
      ) : result.isPending ? (
        <p className="muted">Looking up terms…</p>
      ) : result.data.length === 0 ? (
        <p className="muted" data-testid="term-hits-empty">
          No termbase terms in this segment.
        </p>
      ) : (
        <ul className="term-hit-list">
          {result.data.map((hit) => (
            <li
              key={`${hit.source}\u0000${hit.target}`}
              className="term-hit"
              data-testid="term-hit"
            >
              <span className="term-hit-source">{hit.source}</span>
              <span aria-hidden="true"> → </span>
              <span className="visually-hidden"> translates as </span>
              <span className="term-hit-target">{hit.target}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
