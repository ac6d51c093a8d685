import { useTranslateStore } from './translate-store';

/** What is ticked, and Translate… for it. */
export function TranslateBar() {
  const count = useTranslateStore((state) => state.selectedIds.length);
  const { openDialog, clear } = useTranslateStore.getState();
  return (
    <div className="translate-bar" role="group" aria-label="Selected files">
      <span className="translate-bar-count" data-testid="selected-count" aria-live="polite">
        {count === 0
          ? 'Tick files to translate them.'
          : `${count} ${count === 1 ? 'file' : 'files'} selected`}
      </span>
      <button
        type="button"
        className="button button-primary button-small"
        onClick={openDialog}
        disabled={count === 0}
        data-testid="translate-selected"
      >
        Translate…
      </button>
      {count > 0 ? (
        <button type="button" className="button button-small" onClick={clear}>
          Clear selection
        </button>
      ) : null}
    </div>
  );
}
