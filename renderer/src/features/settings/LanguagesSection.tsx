import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/EmptyState';
import { ErrorMessage } from '../../components/ErrorMessage';
import { languageQueries } from '../../queries/languages';
import { languagePairs } from './language-pairs';

/** The machine translation pairs the connected server offers. */
export function LanguagesSection() {
  const languages = useQuery(languageQueries.list());
  // After a failed refresh, do not keep showing what an earlier server offered.
  const pairs = languages.data && !languages.isError ? languagePairs(languages.data) : [];
  return (
    <section className="card" aria-labelledby="languages-heading" data-testid="languages">
      <div className="card-heading">
        <h2 id="languages-heading">Languages</h2>
        <button
          type="button"
          className="button button-small"
          disabled={languages.isFetching}
          onClick={() => void languages.refetch()}
        >
          {languages.isFetching ? 'Loading…' : 'Refresh'}
        </button>
      </div>
      {languages.isPending && !languages.isError ? (
        <p className="muted">Asking the server which languages it translates…</p>
      ) : null}
      {languages.isError ? (
        <ErrorMessage error={languages.error} title="Could not load the languages" />
      ) : null}
      {languages.data && !languages.isError && pairs.length === 0 ? (
        <EmptyState title="The server offers no machine translation pairs" testId="languages-empty">
          <p>
            For the embedded server, install Apertium language pairs (for example{' '}
            <code>apt-get install apertium-eng-spa</code>) and restart Wordbench.
          </p>
        </EmptyState>
      ) : null}
      {pairs.length > 0 ? (
        <>
          <p className="muted">
            {pairs.length === 1 ? '1 pair' : `${pairs.length} pairs`}, source → target:
          </p>
          <ul className="pair-list">
            {pairs.map((pair) => (
              <li key={`${pair.source}>${pair.target}`} data-testid="language-pair">
                {pair.sourceLabel} → {pair.targetLabel}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
