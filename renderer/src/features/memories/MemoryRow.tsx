import type { Memory } from '../../../../shared/api/memories';
import { pairLabel } from '../../components/project-format';
import {
  epochIso,
  formatEpochDate,
  termCountLabel,
  unitCountLabel,
} from '../../components/tm-format';

interface MemoryRowProps {
  memory: Memory;
  isSelected: boolean;
  onSelect: (id: number) => void;
}

/** One memory in the list: a button that opens its details. */
export function MemoryRow({ memory, isSelected, onSelect }: MemoryRowProps) {
  return (
    <li
      className={isSelected ? 'memory-row memory-row-selected' : 'memory-row'}
      data-testid="memory-row"
      data-memory-id={memory.id}
      data-memory-name={memory.name}
      data-processing={memory.is_processing || undefined}
    >
      <button
        type="button"
        className="memory-row-select"
        aria-current={isSelected ? 'true' : undefined}
        onClick={() => onSelect(memory.id)}
      >
        <span className="memory-row-top">
          <span className="memory-row-name" data-testid="memory-name">
            {memory.name}
          </span>
          <span className="memory-pair" data-testid="memory-pair">
            {pairLabel(memory.srclang, memory.trglang)}
          </span>
        </span>
        <span className="memory-row-meta">
          <span data-testid="memory-unit-count">{unitCountLabel(memory.num_segments)}</span>
          <span aria-hidden="true"> · </span>
          <span data-testid="memory-term-count">{termCountLabel(memory.num_terms)}</span>
        </span>
        <span className="memory-row-meta">
          {memory.is_processing ? (
            <span className="memory-processing" data-testid="memory-processing">
              <span className="spinner" aria-hidden="true" />
              Processing…
            </span>
          ) : (
            <span>
              Updated{' '}
              <time dateTime={epochIso(memory.updated_at)} data-testid="memory-updated">
                {formatEpochDate(memory.updated_at)}
              </time>
            </span>
          )}
        </span>
        {memory.last_import_error ? (
          <span className="memory-row-error" data-testid="memory-import-error">
            Last import failed: {memory.last_import_error}
          </span>
        ) : null}
      </button>
    </li>
  );
}
