import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Memory } from '../../../../shared/api/memories';
import { memoryQueries } from '../../queries/memories';
import { MemorySearchForm } from './MemorySearchForm';
import { useMemoriesStore } from './memories-store';
import { TmSearchResults } from './TmSearchResults';
import { useSearchCommit } from './use-search-commit';
import './tm-search.css';

const THRESHOLDS = [50, 60, 70, 75, 85, 95] as const;
const MAX_MATCHES = 10;
const MAX_QUERY = 5000;

/** The fuzzy lookup: type a sentence, see the units most like it with what differs. */
export function TmSearch({ memory }: { memory: Memory }) {
  const text = useMemoriesStore((state) => state.searchText);
  const threshold = useMemoriesStore((state) => state.threshold);
  const { setSearchText, setThreshold } = useMemoriesStore.getState();
  const [committed, commitNow] = useSearchCommit(text);
  const search = { query: committed, threshold, n: MAX_MATCHES };
  const result = useQuery({
    ...memoryQueries.search(memory.id, search),
    enabled: committed !== '',
    placeholderData: keepPreviousData,
  });
  return (
    <div className="tm-search">
      <MemorySearchForm
        id="tm-search-input"
        label={`Search ${memory.name}`}
        placeholder={`Type or paste a sentence in ${memory.srclang} to find its matches…`}
        value={text}
        maxLength={MAX_QUERY}
        lang={memory.srclang}
        testId="tm-search"
        onChange={setSearchText}
        onCommit={commitNow}
        caption="Minimum"
        choice={
          <select
            value={threshold}
            onChange={(event) => setThreshold(Number(event.target.value))}
            data-testid="tm-threshold"
          >
            {THRESHOLDS.map((value) => (
              <option key={value} value={value}>
                {value}%
              </option>
            ))}
          </select>
        }
      />
      <TmSearchResults memory={memory} query={committed} threshold={threshold} result={result} />
    </div>
  );
}
