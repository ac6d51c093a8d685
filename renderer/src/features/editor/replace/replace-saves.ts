import type { QueryClient } from '@tanstack/react-query';
import type { DocumentWithSegments } from '../../../../../shared/api/documents';
import type { SegmentBatchItem, SegmentBatchResponse } from '../../../../../shared/api/segments';
import { getBridge } from '../../../bridge';
import { memoryQueries } from '../../../queries/memories';
import { useEditorStore } from '../editor-store';
import { withChanged } from '../loading/document-pages';
import { editorQueries } from '../queries';
import { replaceItems, undoItems, type SegmentChange } from './replace-plan';
import { useReplaceStore } from './replace-store';

/**
 * Saves a batch of one document's targets (`PUT /v2/documents/segments`, one transaction) and
 * puts the answer into the document's cache entry. A confirm teaches the memory, so its lookups
 * are asked again.
 */
async function saveBatch(
  queryClient: QueryClient,
  documentId: number,
  items: SegmentBatchItem[],
): Promise<SegmentBatchResponse> {
  const documentKey = editorQueries.document(documentId).queryKey;
  // A document read already on its way holds the targets before this save.
  await queryClient.cancelQueries({ queryKey: documentKey });
  const answer = await getBridge().segments.saveBatch({ document_id: documentId, segments: items });
  queryClient.setQueryData<DocumentWithSegments>(
    documentKey,
    (document) =>
      document && {
        ...document,
        segments: withChanged(document.segments, [...answer.saved, ...answer.changed_since]),
      },
  );
  if (items.some((item) => item.is_confirmed !== false)) {
    void queryClient.invalidateQueries({ queryKey: editorQueries.translations });
    void queryClient.invalidateQueries({ queryKey: memoryQueries.all });
  }
  return answer;
}

const segmentsWord = (count: number) =>
  `${count.toLocaleString()} segment${count === 1 ? '' : 's'}`;

/** "3 segments changed since, left as they are." (empty when none did). */
function changedSinceNotice(answer: SegmentBatchResponse): string {
  const count = answer.changed_since.length;
  if (count === 0) return '';
  return ` ${segmentsWord(count)} changed since, left as ${count === 1 ? 'it is' : 'they are'}.`;
}

/**
 * Replaces in the segments of `changes` as one all-or-nothing save, then offers its undo. A
 * refused save changes nothing and says why above the editor; the earlier undo stays.
 */
export async function applyReplace(
  queryClient: QueryClient,
  documentId: number,
  changes: readonly SegmentChange[],
  keepConfirmed: boolean,
): Promise<void> {
  const store = useReplaceStore.getState();
  if (changes.length === 0 || store.isPending) return;
  store.setPending(true);
  try {
    const answer = await saveBatch(queryClient, documentId, replaceItems(changes, keepConfirmed));
    const replaced = changes
      .filter((change) => answer.saved.some((segment) => segment.id === change.segment.id))
      .reduce((sum, change) => sum + change.replaced, 0);
    const items = undoItems(
      changes.map((change) => change.segment),
      answer.saved,
    );
    useReplaceStore
      .getState()
      .finish(
        `Replaced ${replaced.toLocaleString()} in ${segmentsWord(answer.saved.length)}.` +
          changedSinceNotice(answer),
        items.length > 0 ? { documentId, items } : null,
      );
  } catch (error) {
    useReplaceStore.getState().setPending(false);
    useEditorStore.getState().showAlert({ title: 'Nothing was replaced.', error });
  }
}

/** Puts back the targets of the last replace (one save); a segment changed since stays. */
export async function undoReplace(queryClient: QueryClient, documentId: number): Promise<void> {
  const { undo, isPending, setPending } = useReplaceStore.getState();
  if (!undo || undo.documentId !== documentId || isPending) return;
  setPending(true);
  try {
    const answer = await saveBatch(queryClient, documentId, undo.items);
    useReplaceStore
      .getState()
      .finish(
        `Undone: ${segmentsWord(answer.saved.length)} back as ${answer.saved.length === 1 ? 'it was' : 'they were'}.` +
          changedSinceNotice(answer),
        null,
      );
  } catch (error) {
    setPending(false);
    useEditorStore.getState().showAlert({ title: 'The replace was not undone.', error });
  }
}
