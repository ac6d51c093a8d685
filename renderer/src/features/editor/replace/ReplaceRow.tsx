import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useEditorStore } from '../editor-store';
import { useFindStore } from '../find/find-store';
import { ReplacePreview } from './ReplacePreview';
import { useReplaceStore } from './replace-store';
import { useReplace, type ReplaceContext } from './use-replace';
import './replace.css';

/**
 * The find bar's second row: what replaces the search's hits in the targets, "Replace" (the
 * active segment, then on to the next hit), "Replace all…" (through a preview) and one undo.
 */
export function ReplaceRow({ context }: { context: ReplaceContext }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const replacement = useReplaceStore((state) => state.replacement);
  const focusRequest = useReplaceStore((state) => state.focusRequest);
  const isPending = useReplaceStore((state) => state.isPending);
  const notice = useReplaceStore((state) => state.notice);
  const canUndo = useReplaceStore((state) => state.undo?.documentId === context.documentId);
  const isRegex = useFindStore((state) => state.search.isRegex);
  const replace = useReplace(context);
  useEffect(() => {
    if (focusRequest > 0) inputRef.current?.select();
  }, [focusRequest]);

  // Enter replaces in the active segment; Esc closes the row and goes back to the translation.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && replace.canReplace) {
      event.preventDefault();
      void replace.replaceOne();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      useReplaceStore.getState().setOpen(false);
      useEditorStore.getState().focusTarget();
    }
  };

  return (
    <div className="replace-row" role="group" aria-label="Replace" data-testid="replace-row">
      <input
        ref={inputRef}
        type="text"
        className="replace-input"
        aria-label="Replace with"
        placeholder={isRegex ? 'Replace with… ($1 for a group)' : 'Replace with…'}
        value={replacement}
        onChange={(event) => useReplaceStore.getState().setReplacement(event.target.value)}
        onKeyDown={onKeyDown}
        data-testid="replace-input"
      />
      <button
        type="button"
        className="button"
        disabled={!replace.canReplace || isPending}
        onClick={() => void replace.replaceOne()}
        data-testid="replace-one"
      >
        Replace
      </button>
      <button
        type="button"
        className="button"
        disabled={!replace.canReplaceAll || isPending}
        title={
          replace.canReplace && !replace.canReplaceAll
            ? 'Waiting for every segment to load'
            : undefined
        }
        onClick={replace.previewAll}
        data-testid="replace-all"
      >
        Replace all…
      </button>
      {canUndo ? (
        <button
          type="button"
          className="button"
          disabled={isPending}
          title="Undo replace (Ctrl+Shift+H)"
          onClick={() => void replace.undo()}
          data-testid="replace-undo"
        >
          Undo replace
        </button>
      ) : null}
      <span className="replace-notice" role="status" data-testid="replace-notice">
        {replace.isSourceOnly ? 'Replacing works in targets: search in the target too.' : notice}
      </span>
      {replace.preview ? (
        <ReplacePreview
          plan={replace.preview}
          onApply={(unticked) => void replace.applyPreview(replace.preview!, unticked)}
          onClose={replace.closePreview}
          fallbackFocus={() => inputRef.current}
        />
      ) : null}
    </div>
  );
}
