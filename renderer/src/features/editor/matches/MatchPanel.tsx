import type { UseQueryResult } from '@tanstack/react-query';
import type { TranslationList } from '../../../../../shared/api/translate';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { TaggedText } from '../../../components/TaggedText';
import { MatchItem } from './MatchItem';
import { orderedMatches } from './matches';

interface MatchPanelProps {
  result: UseQueryResult<TranslationList>;
  source: string;
  srclang: string;
  trglang: string;
  onInsert: (index: number) => void;
}

/** The active segment's TM matches, best first, then the machine translation set apart. */
export function MatchPanel({ result, source, srclang, trglang, onInsert }: MatchPanelProps) {
  const { tm, mt } = orderedMatches(result.data);
  return (
    <section
      className="editor-panel-section"
      aria-labelledby="match-panel-title"
      aria-busy={result.isFetching}
      data-testid="match-panel"
    >
      <h2 id="match-panel-title" className="editor-panel-title">
        Matches
      </h2>
      {result.isError ? (
        <ErrorMessage
          error={result.error}
          title="Could not look up matches"
          onRetry={() => void result.refetch()}
        />
      ) : result.isPending ? (
        <p className="muted" data-testid="matches-loading">
          Looking up the memory and machine translation…
        </p>
      ) : (
        <>
          {tm.length === 0 ? (
            <p className="muted" data-testid="tm-no-match">
              No translation memory match of 50% or more.
            </p>
          ) : (
            <ol className="editor-match-list" aria-label="Translation memory matches">
              {tm.map((match, index) => (
                <MatchItem
                  key={`${index}:${match.target}`}
                  match={match}
                  number={index + 1}
                  source={source}
                  srclang={srclang}
                  trglang={trglang}
                  onInsert={() => onInsert(index)}
                />
              ))}
            </ol>
          )}
          <div className="editor-mt" data-testid="mt-section">
            {mt.map((item, index) => {
              const number = tm.length + index + 1;
              return (
                <div key={index} className="editor-mt-item" data-testid="mt-item">
                  <p className="editor-mt-label" data-testid="mt-label">
                    Machine translation · {item.engine ?? 'MT'}
                  </p>
                  <p className="editor-match-target" lang={trglang} data-testid="mt-target">
                    <TaggedText text={item.target} />
                  </p>
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => onInsert(number - 1)}
                    aria-label={`Insert the machine translation (Ctrl+${number} or Alt+${number})`}
                    data-testid="mt-insert"
                  >
                    Insert <kbd>{number}</kbd>
                  </button>
                </div>
              );
            })}
            {result.data.mtUnavailable ? (
              <p className="editor-mt-unavailable" data-testid="mt-unavailable">
                No machine translation: {result.data.mtUnavailable}
              </p>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
