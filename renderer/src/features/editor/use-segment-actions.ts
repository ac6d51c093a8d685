import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { DocumentWithSegments } from '../../../../shared/api/documents';
import type { Segment } from '../../../../shared/api/segments';
import { useEditorStore } from './editor-store';
import { orderedMatches } from './matches';
import { useSaveSegment } from './mutations';
import { checkSegment } from './qa';
import { editorQueries } from './queries';
import { nextUnconfirmed } from './segments';

export interface SegmentActions {
  activeIndex: number;
  active: Segment | undefined;
  /** Moves to a segment, saving what was typed in the one being left as a draft. */
  goTo: (index: number) => void;
  move: (step: -1 | 1) => void;
  /** Runs QA, confirms the active segment and moves to the next unconfirmed one. */
  confirm: () => void;
  /** Puts match `index` (0-based, TM then MT) into the active target. */
  insertMatch: (index: number) => void;
}

/** What the translator does to segments, from the keyboard or the mouse. */
export function useSegmentActions(document: DocumentWithSegments): SegmentActions {
  const queryClient = useQueryClient();
  const { segments } = document;
  const activeId = useEditorStore((state) => state.activeSegmentId);
  const save = useSaveSegment(document.id);
  const { mutate } = save;
  const found = segments.findIndex((segment) => segment.id === activeId);
  // Nothing chosen yet (or a segment of another document): the first unconfirmed one.
  const activeIndex = found >= 0 ? found : (nextUnconfirmed(segments, segments.length - 1) ?? 0);
  const active = segments[activeIndex];

  const saveDraftOf = useCallback(
    (segment: Segment | undefined) => {
      if (!segment) return;
      const draft = useEditorStore.getState().drafts[segment.id];
      if (!draft || draft.text === segment.target) return;
      mutate({
        id: segment.id,
        target: draft.text,
        is_confirmed: false,
        match_score: draft.matchScore,
      });
    },
    [mutate],
  );

  const goTo = useCallback(
    (index: number) => {
      const target = segments[Math.max(0, Math.min(segments.length - 1, index))];
      if (!target || target.id === active?.id) return;
      saveDraftOf(active);
      useEditorStore.getState().setActive(target.id);
    },
    [active, saveDraftOf, segments],
  );

  return useMemo(
    () => ({
      activeIndex,
      active,
      goTo,
      move: (step) => goTo(activeIndex + step),
      confirm: () => {
        if (!active) return;
        const { drafts, recordQa, setActive } = useEditorStore.getState();
        const draft = drafts[active.id];
        const target = draft?.text ?? active.target;
        recordQa(active.id, activeIndex + 1, checkSegment(active.source, target));
        mutate({
          id: active.id,
          target,
          is_confirmed: true,
          match_score: draft ? draft.matchScore : active.match_score,
        });
        // The segment counts as confirmed already when looking for the next one.
        const next = nextUnconfirmed(
          segments.map((segment) => (segment.id === active.id ? { is_confirmed: true } : segment)),
          activeIndex,
        );
        if (next !== null) setActive(segments[next]?.id ?? null);
      },
      insertMatch: (index) => {
        if (!active) return;
        const list = queryClient.getQueryData(
          editorQueries.translate({
            memoryId: active.memory_id,
            segmentId: active.id,
            source: active.source,
          }).queryKey,
        );
        const match = orderedMatches(list).all[index];
        if (!match) return;
        useEditorStore.getState().setDraft({
          segmentId: active.id,
          text: match.target,
          matchScore: match.isTMMatch ? Math.min(101, Math.round(match.score)) : null,
        });
      },
    }),
    [active, activeIndex, goTo, mutate, queryClient, segments],
  );
}
