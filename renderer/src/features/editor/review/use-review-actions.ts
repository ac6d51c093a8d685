import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { DocumentWithSegments } from '../../../../../shared/api/documents';
import type { SegmentUpdateParameters } from '../../../../../shared/api/segments';
import { pendingSaves, saveSegment, withPendingSaves } from '../grid/segment-saves';
import { textToConfirm, type SegmentActions } from '../grid/use-segment-actions';
import { useEditorStore } from '../editor-store';
import { isReviewed, nextUnreviewed } from './review';

export interface ReviewActions {
  /**
   * Marks the active segment reviewed (confirming its text, the reviewer's edit included) and
   * moves to the next segment not reviewed (among `shown` while a filter is on).
   */
  review: (shown?: readonly number[]) => void;
  /** Takes the active segment's review back; its translation stays confirmed. */
  takeBack: () => void;
  /** Goes to the next segment not reviewed after the active one (among `shown`). */
  goToNextUnreviewed: (shown?: readonly number[]) => void;
}

/**
 * What the reviewer does to segments. Every change goes through the editor's save queue
 * (`saveSegment`): one segment's saves in order, sent again while the server cannot be reached,
 * the text kept in the segment when one is refused. Moves read the segments as they will be once
 * the pending saves land, so a quick second Ctrl+Enter goes on from the one just reviewed.
 */
export function useReviewActions(
  document: Pick<DocumentWithSegments, 'id' | 'segments'>,
  actions: Pick<SegmentActions, 'active' | 'activeIndex' | 'goTo'>,
): ReviewActions {
  const queryClient = useQueryClient();
  const { id: documentId, segments } = document;
  const { active, activeIndex, goTo } = actions;

  return useMemo(() => {
    const decided = (extra: SegmentUpdateParameters[] = []) =>
      withPendingSaves(segments, [...pendingSaves(queryClient, documentId), ...extra]);
    return {
      review: (shown) => {
        if (!active) return;
        const text = textToConfirm(active);
        if (!text) return;
        const now = decided()[activeIndex];
        // Already reviewed with this very text: nothing to send, only the move.
        const isDone = now !== undefined && isReviewed(now) && now.target === text.target;
        const input: SegmentUpdateParameters = {
          id: active.id,
          ...text,
          is_confirmed: true,
          is_reviewed: true,
        };
        if (!isDone) saveSegment(queryClient, documentId, input);
        const next = nextUnreviewed(decided(isDone ? [] : [input]), activeIndex, shown);
        if (next !== null) useEditorStore.getState().setActive(segments[next]?.id ?? null);
      },
      takeBack: () => {
        const now = decided()[activeIndex];
        if (!active || !now || !isReviewed(now)) return;
        // The saved (or about to be saved) text, not one being typed: only the review changes.
        saveSegment(queryClient, documentId, {
          id: active.id,
          target: now.target,
          is_confirmed: true,
          is_reviewed: false,
          match_score: now.match_score,
        });
      },
      goToNextUnreviewed: (shown) => {
        const next = nextUnreviewed(decided(), activeIndex, shown);
        if (next !== null) goTo(next);
      },
    };
  }, [active, activeIndex, documentId, goTo, queryClient, segments]);
}
