import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { DocumentWithSegments } from '../../../../../shared/api/documents';
import type { Segment, SegmentUpdateParameters } from '../../../../../shared/api/segments';
import { draftMatchScore } from './drafts';
import { useEditorStore } from '../editor-store';
import { orderedMatches } from '../matches/matches';
import { editorQueries } from '../queries';
import { pendingSaves, saveDrafts, saveSegment, withPendingSaves } from './segment-saves';
import { nextUnconfirmed } from './segments';

export interface SegmentActions {
  activeIndex: number;
  active: Segment | undefined;
  /** Moves to a segment, saving what was typed (there and in other segments) as drafts. */
  goTo: (index: number) => void;
  move: (step: -1 | 1) => void;
  /**
   * Confirms the active segment and moves to the next unconfirmed one (among `shown` while a
   * filter is on). An empty target is refused here: nothing is sent and the segment stays.
   */
  confirm: (shown?: readonly number[]) => void;
  /** Puts match `index` (0-based, TM then MT) into the active target. */
  insertMatch: (index: number) => void;
}

export const EMPTY_TARGET_MESSAGE =
  'An empty translation cannot be confirmed. Type the translation first.';

/**
 * What confirming the active segment sends: its text as shown (the draft, else the target) and
 * the draft's match score; null once an empty text has been refused (nothing is to be sent).
 */
export function textToConfirm(
  active: Segment,
): Pick<SegmentUpdateParameters, 'target' | 'match_score'> | null {
  const { drafts, refuse } = useEditorStore.getState();
  const draft = drafts[active.id];
  const target = draft?.text ?? active.target;
  if (target.trim() === '') {
    refuse({ segmentId: active.id, message: EMPTY_TARGET_MESSAGE });
    return null;
  }
  return { target, match_score: draft ? draftMatchScore(draft) : active.match_score };
}

/** What the translator does to segments, from the keyboard or the mouse. */
export function useSegmentActions(document: DocumentWithSegments): SegmentActions {
  const queryClient = useQueryClient();
  const { segments, id: documentId } = document;
  const activeId = useEditorStore((state) => state.activeSegmentId);
  const found = segments.findIndex((segment) => segment.id === activeId);
  // Nothing chosen yet (or a segment of another document): the first unconfirmed one.
  const activeIndex = found >= 0 ? found : (nextUnconfirmed(segments, segments.length - 1) ?? 0);
  const active = segments[activeIndex];

  const goTo = useCallback(
    (index: number) => {
      const target = segments[Math.max(0, Math.min(segments.length - 1, index))];
      if (!target || target.id === active?.id) return;
      saveDrafts(queryClient, documentId);
      useEditorStore.getState().setActive(target.id);
    },
    [active, documentId, queryClient, segments],
  );

  return useMemo(
    () => ({
      activeIndex,
      active,
      goTo,
      move: (step) => goTo(activeIndex + step),
      confirm: (shown) => {
        if (!active) return;
        const text = textToConfirm(active);
        if (!text) return;
        // A confirm still on its way counts as done: a quick second Ctrl+Enter moves on from it.
        const pending = pendingSaves(queryClient, documentId);
        saveSegment(queryClient, documentId, { id: active.id, ...text, is_confirmed: true });
        const decided = withPendingSaves(segments, [
          ...pending,
          { id: active.id, target: text.target, is_confirmed: true },
        ]);
        const next = nextUnconfirmed(decided, activeIndex, shown);
        if (next !== null) useEditorStore.getState().setActive(segments[next]?.id ?? null);
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
        const { setDraft, focusTarget } = useEditorStore.getState();
        setDraft({
          segmentId: active.id,
          text: match.target,
          inserted: {
            text: match.target,
            score: match.isTMMatch ? Math.min(101, Math.round(match.score)) : null,
          },
        });
        // An Insert clicked with the mouse gives the focus back to the target.
        focusTarget();
      },
    }),
    [active, activeIndex, documentId, goTo, queryClient, segments],
  );
}
