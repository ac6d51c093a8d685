import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import type { DocumentWithSegments } from '../../../../../shared/api/documents';
import type { Segment, SegmentUpdateParameters } from '../../../../../shared/api/segments';
import { onServerSwitch } from '../../../app/server-switch';
import { jobQueries } from '../../../queries/jobs';
import { memoryQueries } from '../../../queries/memories';
import { projectQueries } from '../../../queries/projects';
import { draftMatchScore } from './drafts';
import { sendSave } from './send-save';
import { useWaitingSaves, type WaitingSave } from './waiting-saves';
import { useEditorStore } from '../editor-store';
import { checkSegment } from '../qa/qa';
import { editorQueries } from '../queries';
import { withSegment } from './segments';
import { reviewedAfter } from '../review/review';

// A refused save's alert is about the server it was sent to: on another server it means nothing.
onServerSwitch(() => useEditorStore.getState().dismissAlert());

/** Every save of a document's segments, to find the ones still on their way. */
export const segmentSaveKey = (documentId: number) => ['segment-save', documentId] as const;

/**
 * Saves a target, confirmed or as a draft. Saves of one segment run one after another (a TanStack
 * mutation scope), so a draft saved after a confirm can never land before it. The answer replaces
 * the cached segment unless the cache already holds a later revision; a confirm records its QA
 * warnings and teaches the memory, so every match lookup and memory search is asked again.
 * Outside any component, so a save begun as the editor closes still finishes. While the server
 * cannot be reached the save waits and is sent again (`sendSave`); `waiting` resumes one that
 * was waiting before a reload.
 */
export function saveSegment(
  queryClient: QueryClient,
  documentId: number,
  input: SegmentUpdateParameters,
  waiting: WaitingSave | null = null,
): void {
  const documentKey = editorQueries.document(documentId).queryKey;
  const observer = new MutationObserver<Segment, unknown, SegmentUpdateParameters>(queryClient, {
    mutationKey: segmentSaveKey(documentId),
    scope: { id: `segment-${input.id}` },
    mutationFn: (variables) => sendSave(documentId, variables, waiting),
    // A document read already on its way holds the segment before this save.
    onMutate: () => queryClient.cancelQueries({ queryKey: documentKey }),
    onSuccess: (segment, variables) => {
      queryClient.setQueryData<DocumentWithSegments>(
        documentKey,
        (document) =>
          document && { ...document, segments: withSegment(document.segments, segment) },
      );
      const store = useEditorStore.getState();
      store.clearDraft(segment.id, variables.target);
      // Confirmed words moved: board cards and document rows read their progress when next shown;
      // so do job pages, whose projects move on through their workflow as segments are saved.
      void queryClient.invalidateQueries({ queryKey: projectQueries.all, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: jobQueries.details(), refetchType: 'none' });
      if (variables.is_confirmed === false) return;
      // Numbers are read in the document's languages, as the live check and the report read them.
      const open = queryClient.getQueryData<DocumentWithSegments>(documentKey);
      const warnings = checkSegment(
        segment.source,
        variables.target,
        open && { source: open.srclang, target: open.trglang },
      );
      store.recordQa(segment.id, segment.index + 1, warnings);
      void queryClient.invalidateQueries({ queryKey: editorQueries.translations });
      void queryClient.invalidateQueries({ queryKey: memoryQueries.all });
    },
    onError: (error, variables) => {
      const { drafts, setDraft, showAlert } = useEditorStore.getState();
      showAlert({ title: failedSaveTitle(variables), error });
      // Nothing typed is lost: the text stays (or goes back) in the segment's draft.
      if (!drafts[variables.id]) {
        const score = variables.match_score ?? null;
        setDraft({
          segmentId: variables.id,
          text: variables.target,
          inserted: score === null ? null : { text: variables.target, score },
        });
      }
    },
  });
  // The failure is shown by onError; nothing waits on the promise.
  observer.mutate(input).catch(() => undefined);
}

/** What a refused save did not do, in the words of what the translator or reviewer asked. */
function failedSaveTitle(input: SegmentUpdateParameters): string {
  if (input.is_reviewed === true) {
    return 'The segment was not marked reviewed. Your text is kept in the segment.';
  }
  if (input.is_reviewed === false) return 'The review was not taken back.';
  return input.is_confirmed === false
    ? 'The draft was not saved. Your text is kept in the segment.'
    : 'The segment was not confirmed. Your text is kept in the segment.';
}

let hasResumed = false;

/**
 * Sends again, once per page, the saves that were waiting for the server when the page was left
 * or reloaded. Their text shows in the segment (as a draft) until the server has it.
 */
export function resumeWaitingSaves(queryClient: QueryClient): void {
  if (hasResumed) return;
  hasResumed = true;
  const { drafts, setDraft } = useEditorStore.getState();
  for (const save of useWaitingSaves.getState().saves) {
    if (!drafts[save.input.id]) {
      setDraft({ segmentId: save.input.id, text: save.input.target, inserted: null });
    }
    saveSegment(queryClient, save.documentId, save.input, save);
  }
}

/** The saves of a document not answered yet (queued ones too), oldest first. */
export function pendingSaves(
  queryClient: QueryClient,
  documentId: number,
): SegmentUpdateParameters[] {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: segmentSaveKey(documentId), status: 'pending' })
    .flatMap((mutation) => {
      const variables = mutation.state.variables as SegmentUpdateParameters | undefined;
      return variables ? [variables] : [];
    });
}

/** The segment as it will be once its pending saves land: what the translator already decided. */
export function withPendingSaves(
  segments: readonly Segment[],
  pending: readonly SegmentUpdateParameters[],
): Segment[] {
  if (pending.length === 0) return [...segments];
  const last = new Map(pending.map((input) => [input.id, input]));
  return segments.map((segment) => {
    const input = last.get(segment.id);
    return input
      ? {
          ...segment,
          target: input.target,
          is_confirmed: input.is_confirmed !== false,
          is_reviewed: reviewedAfter(segment, input),
        }
      : segment;
  });
}

/**
 * Saves as drafts the typed targets of a document's segments that differ from what the server
 * has or will have: a pending confirm of the same text is not undone by a draft save behind it.
 */
export function saveDrafts(queryClient: QueryClient, documentId: number): void {
  const document = queryClient.getQueryData<DocumentWithSegments>(
    editorQueries.document(documentId).queryKey,
  );
  if (!document) return;
  const { drafts, clearDraft } = useEditorStore.getState();
  const ids = Object.keys(drafts).map(Number);
  if (ids.length === 0) return;
  const pending = pendingSaves(queryClient, documentId);
  const segments = withPendingSaves(document.segments, pending);
  for (const segment of segments) {
    const draft = drafts[segment.id];
    if (!draft) continue;
    if (draft.text !== segment.target) {
      saveSegment(queryClient, documentId, {
        id: segment.id,
        target: draft.text,
        is_confirmed: false,
        match_score: draftMatchScore(draft),
      });
    } else if (!pending.some((input) => input.id === segment.id)) {
      // Typed back to what is saved: nothing to send, and an empty target may be auto-filled again.
      clearDraft(segment.id, draft.text);
    }
  }
}
