import type { SearchOptions } from './search';
import { useFindStore } from './find-store';

type Mode = 'isCaseSensitive' | 'isWholeWord' | 'isRegex';

const MODES: { mode: Mode; label: string; text: string; testId: string }[] = [
  { mode: 'isCaseSensitive', label: 'Match case', text: 'Aa', testId: 'find-mode-case' },
  { mode: 'isWholeWord', label: 'Whole words only', text: 'W', testId: 'find-mode-word' },
  { mode: 'isRegex', label: 'Regular expression', text: '.*', testId: 'find-mode-regex' },
];

/** The search's three switches, as toggle buttons. */
export function SearchModes({ search }: { search: SearchOptions }) {
  return (
    <span className="find-modes" role="group" aria-label="Search options">
      {MODES.map(({ mode, label, text, testId }) => (
        <button
          key={mode}
          type="button"
          className="find-mode"
          aria-pressed={search[mode]}
          aria-label={label}
          title={label}
          onClick={() => useFindStore.getState().setSearch({ [mode]: !search[mode] })}
          data-testid={testId}
        >
          {text}
        </button>
      ))}
    </span>
  );
}
