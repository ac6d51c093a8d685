import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAX_CONCORDANCE_QUERY, type ConcordanceSide } from '../../../../shared/api/concordance';
import type { Memory } from '../../../../shared/api/memories';
import { ConcordanceHits } from '../../components/ConcordanceHits';
import { concordanceQueries } from '../../queries/concordance';
import { MemorySearchForm } from './MemorySearchForm';
import { useMemoriesStore } from './memories-store';
import { useSearchCommit } from './use-search-commit';
import './tm-search.css';

const MAX_HITS = 50;

/** Concordance: type a word or phrase, see the units that hold it, marked. */
export function ConcordanceSearch({ memory }: { memory: Memory }) {
  const text = useMemoriesStore((state) => state.concordanceText);
  const side = useMemoriesStore((state) => state.concordanceSide);
  const { setConcordance } = useMemoriesStore.getState();
  const [committed, commitNow] = useSearchCommit(text);
  const result = useQuery({
    ...concordanceQueries.search(memory.id, { q: committed, in: side, n: MAX_HITS }),
    enabled: committed !== '',
    placeholderData: keepPreviousData,
  });
  return (
    <div className="tm-search">
      <MemorySearchForm
        id="concordance-input"
        label={`Find a word or phrase in ${memory.name}`}
        placeholder="Type a word or phrase to find the units that hold it…"
        value={text}
        maxLength={MAX_CONCORDANCE_QUERY}
        testId="concordance-input"
        onChange={(concordanceText) => setConcordance({ concordanceText })}
        onCommit={commitNow}
        caption="In"
        choice={
          <select
            value={side}
            onChange={(event) =>
              setConcordance({ concordanceSide: event.target.value as ConcordanceSide })
            }
            data-testid="concordance-side"
          >
            <option value="source">source ({memory.srclang})</option>
            <option value="target">target ({memory.trglang})</option>
            <option value="both">both</option>
          </select>
        }
      />
      {committed === '' ? (
        <p className="tm-search-hint" data-testid="concordance-hint">
          Whole words, in any case and with or without accents; a phrase matches its words in order.
        </p>
      ) : null}
      <ConcordanceHits
        query={committed}
        result={result}
        srclang={memory.srclang}
        trglang={memory.trglang}
      />
    </div>
  );
}
