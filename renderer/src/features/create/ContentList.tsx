import { useState } from 'react';
import type { LiltCreateContent } from '../../../../shared/api/create';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { useDeleteContent } from './mutations';
import { countWords } from './generation-progress';

interface ContentListProps {
  contents: readonly LiltCreateContent[];
  selectedId: number | null;
  onOpen: (id: number) => void;
}

const contentTitle = (content: LiltCreateContent) => content.name || `Content ${content.id}`;

/** The saved contents, newest first: open one, or delete it after asking. */
export function ContentList({ contents, selectedId, onOpen }: ContentListProps) {
  const [deleting, setDeleting] = useState<LiltCreateContent | null>(null);
  const remove = useDeleteContent();
  if (contents.length === 0) {
    return (
      <p className="muted" data-testid="create-contents-empty">
        Nothing generated yet.
      </p>
    );
  }
  const close = () => {
    setDeleting(null);
    remove.reset();
  };
  return (
    <>
      <ul className="create-contents" aria-label="Saved contents" data-testid="create-contents">
        {[...contents].reverse().map((content) => (
          <li key={content.id} data-testid={`create-content-${content.id}`}>
            <button
              type="button"
              className="create-content-open"
              aria-current={content.id === selectedId ? 'true' : undefined}
              onClick={() => onOpen(content.id)}
            >
              <span className="create-content-title">{contentTitle(content)}</span>
              <span className="muted">
                {content.template} · {content.language} · {countWords(content.text)} words
              </span>
            </button>
            <button
              type="button"
              className="button button-small button-danger-quiet"
              aria-label={`Delete ${contentTitle(content)}`}
              onClick={() => setDeleting(content)}
              data-testid={`create-delete-${content.id}`}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      {deleting ? (
        <ConfirmDeleteDialog
          testId="create-delete-dialog"
          title={`Delete “${contentTitle(deleting)}”?`}
          confirmLabel="Delete content"
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: close })}
          onClose={close}
          isPending={remove.isPending}
          error={remove.error}
          errorTitle="Could not delete the content"
        >
          <p>Its text goes for good; documents already made from it stay in their projects.</p>
        </ConfirmDeleteDialog>
      ) : null}
    </>
  );
}
