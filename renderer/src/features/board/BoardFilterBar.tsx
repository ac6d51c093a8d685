import { PROJECT_STATES } from '../../../../shared/api/projects';
import { isProjectState, pairLabel, STATE_LABELS } from '../../components/project-format';
import { dateRangeProblem, hasActiveFilters, NO_FILTERS, type BoardFilters } from './board-filters';
import type { PairOption } from './language-pairs';

interface BoardFilterBarProps {
  filters: BoardFilters;
  pairs: PairOption[];
  onChange: (next: BoardFilters) => void;
}

/** Language pair, created between, state and archived: each change lands in the address. */
export function BoardFilterBar({ filters, pairs, onChange }: BoardFilterBarProps) {
  const set = (patch: Partial<BoardFilters>) => onChange({ ...filters, ...patch });
  const problem = dateRangeProblem(filters);
  const pairValue = filters.pair ? `${filters.pair.source}-${filters.pair.target}` : '';
  return (
    <div
      className="filter-bar"
      role="search"
      aria-label="Filter projects"
      data-testid="board-filters"
    >
      <div className="filter">
        <label htmlFor="filter-pair">Language pair</label>
        <select
          id="filter-pair"
          value={pairValue}
          onChange={(event) => {
            const pair = pairs.find((option) => option.value === event.target.value);
            set({ pair: pair ? { source: pair.source, target: pair.target } : null });
          }}
          data-testid="filter-pair"
        >
          <option value="">All pairs</option>
          {pairs.map((pair) => (
            <option key={pair.value} value={pair.value}>
              {pairLabel(pair.source, pair.target)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="filter filter-dates">
        <legend>Created between</legend>
        <div className="filter-date-inputs">
          <input
            type="date"
            aria-label="Created on or after"
            value={filters.from ?? ''}
            max={filters.to ?? undefined}
            onChange={(event) => set({ from: event.target.value || null })}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'filter-dates-problem' : undefined}
            data-testid="filter-from"
          />
          <span aria-hidden="true">–</span>
          <input
            type="date"
            aria-label="Created on or before"
            value={filters.to ?? ''}
            min={filters.from ?? undefined}
            onChange={(event) => set({ to: event.target.value || null })}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'filter-dates-problem' : undefined}
            data-testid="filter-to"
          />
        </div>
      </fieldset>
      <div className="filter">
        <label htmlFor="filter-state">State</label>
        <select
          id="filter-state"
          value={filters.state ?? ''}
          onChange={(event) => {
            const { value } = event.target;
            set({ state: isProjectState(value) ? value : null });
          }}
          data-testid="filter-state"
        >
          <option value="">All states</option>
          {PROJECT_STATES.map((state) => (
            <option key={state} value={state}>
              {STATE_LABELS[state]}
            </option>
          ))}
        </select>
      </div>
      <label className="filter filter-check">
        <input
          type="checkbox"
          checked={filters.showArchived}
          onChange={(event) => set({ showArchived: event.target.checked })}
          data-testid="filter-archived"
        />
        Show archived
      </label>
      <button
        type="button"
        className="button button-small filter-clear"
        disabled={!hasActiveFilters(filters)}
        onClick={() => onChange(NO_FILTERS)}
        data-testid="filter-clear"
      >
        Clear filters
      </button>
      {problem ? (
        <p className="field-error filter-problem" id="filter-dates-problem" role="alert">
          {problem} The dates are not applied until that is fixed.
        </p>
      ) : null}
    </div>
  );
}
