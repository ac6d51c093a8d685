import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { useEditorStore } from '../editor-store';
import { useDeleteDocument } from './mutations';

/** Asks before deleting a document and its segments. */
export function DeleteDocumentDialog({ id, name }: { id: number; name: string }) {
  const close = () => useEditorStore.getState().askDelete(null);
  const remove = useDeleteDocument(close);
  return (
    <ConfirmDeleteDialog
      testId="confirm-delete-document"
      title={`Delete “${name}”?`}
      confirmLabel="Delete document"
      onConfirm={() => remove.mutate({ id })}
      onClose={close}
      isPending={remove.isPending}
      error={remove.error}
      errorTitle="The document was not deleted"
    >
      <p>
        The document and its translations are deleted. Units already confirmed stay in the memory.
        This cannot be undone.
      </p>
    </ConfirmDeleteDialog>
  );
}
