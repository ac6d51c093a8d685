import { ErrorMessage } from '../../components/ErrorMessage';
import { ModalDialog } from '../../components/ModalDialog';
import { useEditorStore } from './editor-store';
import { useDeleteDocument } from './mutations';

/** Asks before deleting a document and its segments; the safe choice has the focus. */
export function DeleteDocumentDialog({ id, name }: { id: number; name: string }) {
  const close = () => useEditorStore.getState().askDelete(null);
  const remove = useDeleteDocument(close);
  return (
    <ModalDialog
      labelledBy="confirm-delete-document-title"
      testId="confirm-delete-document"
      onClose={close}
    >
      <div className="editor-dialog-body">
        <h2 id="confirm-delete-document-title">Delete “{name}”?</h2>
        <p>
          The document and its translations are deleted. Units already confirmed stay in the memory.
          This cannot be undone.
        </p>
        {remove.isError ? (
          <ErrorMessage error={remove.error} title="The document was not deleted" />
        ) : null}
      </div>
      <div className="editor-dialog-actions">
        <button type="button" className="button" autoFocus onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ id })}
          data-testid="confirm-delete-document-ok"
        >
          {remove.isPending ? 'Deleting…' : 'Delete document'}
        </button>
      </div>
    </ModalDialog>
  );
}
