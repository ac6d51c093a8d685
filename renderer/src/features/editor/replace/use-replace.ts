import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Segment } from '../../../../../shared/api/segments';
import { useEditorStore } from '../editor-store';
import { pendingSaves } from '../grid/segment-saves';
import { useFindStore } from '../find/find-store';
import { compileSearch } from '../find/search';
import { planReplace, type ReplacePlan } from './replace-plan';
import { applyReplace, undoReplace } from './replace-saves';
import { useReplaceStore } from './replace-store';

/** What the replace row works on: the open document and the rows the filters show. */
export interface ReplaceContext {
  documentId: number;
  segments: readonly Segment[];
  /** Indices of the segments shown, in order (every one when no filter is on). */
  shown: readonly number[];
  activeIndex: number;
  goTo: (index: number) => void;
  /** Segments of the document not loaded yet: "Replace all" waits for them. */
  unloaded?: number;
}

/**
 * Replace in the active segment, replace all (through a preview) and undo. Only targets change;
 * a segment being edited (a draft not saved yet, a save on its way) is left out.
 */
export function useReplace({
  documentId,
  segments,
  shown,
  activeIndex,
  goTo,
  unloaded = 0,
}: ReplaceContext) {
  const queryClient = useQueryClient();
  const search = useFindStore((state) => state.search);
  const replacement = useReplaceStore((state) => state.replacement);
  const compiled = useMemo(() => compileSearch(search), [search]);
  const [preview, setPreview] = useState<ReplacePlan | null>(null);
  const query =
    compiled.kind === 'ok' && search.scope !== 'source'
      ? { pattern: compiled.pattern, replacement, isRegex: search.isRegex }
      : null;

  const isEditing = (segmentId: number) => {
    const hasDraft = useEditorStore.getState().drafts[segmentId] !== undefined;
    return hasDraft || pendingSaves(queryClient, documentId).some((save) => save.id === segmentId);
  };
  const planAt = (indexes: readonly number[]) =>
    query ? planReplace(segments, indexes, query, isEditing) : null;
  /** The next shown segment after `from` (round the end) whose target has a hit to replace. */
  const nextWithHit = (from: number) => {
    const order = [...shown.filter((i) => i > from), ...shown.filter((i) => i <= from)];
    return order.find((index) => (planAt([index])?.changes.length ?? 0) > 0);
  };

  return {
    canReplace: query !== null,
    /** "Replace all" must see every segment: it waits while some are still loading. */
    canReplaceAll: query !== null && unloaded === 0,
    /** Why replacing cannot run (no search, an invalid one, or a search in the source only). */
    isSourceOnly: search.scope === 'source',
    preview,
    closePreview: () => setPreview(null),
    /** Replaces in the active segment when it has a hit, then goes to the next one that has. */
    replaceOne: async () => {
      const plan = planAt(shown.includes(activeIndex) ? [activeIndex] : []);
      if (plan && plan.editing > 0) {
        useReplaceStore
          .getState()
          .finish(
            `Segment ${activeIndex + 1} is being edited: confirm it or wait for its draft to be saved.`,
            useReplaceStore.getState().undo,
          );
        return;
      }
      if (plan && plan.changes.length > 0) {
        const { keepConfirmed } = useReplaceStore.getState();
        await applyReplace(queryClient, documentId, plan.changes, keepConfirmed);
      }
      const next = nextWithHit(activeIndex);
      if (next !== undefined && next !== activeIndex) goTo(next);
    },
    /** Opens the preview of every change (none are made before Apply). */
    previewAll: () => setPreview(planAt(shown)),
    applyPreview: async (plan: ReplacePlan, unticked: ReadonlySet<number>) => {
      const changes = plan.changes.filter((change) => !unticked.has(change.segment.id));
      setPreview(null);
      const { keepConfirmed } = useReplaceStore.getState();
      await applyReplace(queryClient, documentId, changes, keepConfirmed);
    },
    undo: () => undoReplace(queryClient, documentId),
  };
}
