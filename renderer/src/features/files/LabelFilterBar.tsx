interface LabelFilterBarProps {
  /** Every label in use on any file. */
  labels: readonly string[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  /** `2 of 5 files`, or null while unknown. */
  countText: string | null;
}

/** Label chips that narrow the list to files having all the chosen labels. */
export function LabelFilterBar({ labels, selected, onChange, countText }: LabelFilterBarProps) {
  // A chosen label stays on the bar even if no file has it any more, so it can be turned off.
  const shown = [...labels, ...selected.filter((label) => !labels.includes(label))];
  if (shown.length === 0) return null;
  const toggle = (label: string) =>
    onChange(
      selected.includes(label) ? selected.filter((name) => name !== label) : [...selected, label],
    );
  return (
    <div
      className="label-filter-bar"
      role="group"
      aria-labelledby="label-filter-title"
      data-testid="label-filters"
    >
      <span className="label-filter-title" id="label-filter-title">
        Filter by label
      </span>
      <ul className="label-filter-list">
        {shown.map((label) => {
          const isSelected = selected.includes(label);
          return (
            <li key={label}>
              <button
                type="button"
                className={isSelected ? 'label-filter label-filter-on' : 'label-filter'}
                aria-pressed={isSelected}
                onClick={() => toggle(label)}
                data-testid="label-filter"
                data-label={label}
              >
                {label}
              </button>
            </li>
          );
        })}
      </ul>
      {countText ? (
        <span className="label-filter-count" data-testid="file-count">
          {countText}
        </span>
      ) : null}
      {selected.length ? (
        <button
          type="button"
          className="button button-small"
          onClick={() => onChange([])}
          data-testid="label-filter-clear"
        >
          Clear filter
        </button>
      ) : null}
    </div>
  );
}
