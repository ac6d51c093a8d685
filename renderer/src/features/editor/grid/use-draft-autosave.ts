import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useEditorStore } from '../editor-store';
import { resumeWaitingSaves, saveDrafts } from './segment-saves';

/** A pause in typing this long saves the target as a draft. */
export const AUTOSAVE_DELAY_MS = 2000;

/**
 * Typed targets reach the server without moving to another segment: after a pause in typing,
 * when the page is hidden or left (another tab, reload, closing), and when the document closes
 * (breadcrumbs, another view or document). Every save goes through the per-segment order of
 * `saveSegment`, and drafts left on other segments go too. Saves left waiting for the server by
 * an earlier page (a reload while it was down) are sent again once the editor opens.
 */
export function useDraftAutosave(documentId: number, activeId: number | null): void {
  const queryClient = useQueryClient();
  const activeText = useEditorStore((state) =>
    activeId === null ? undefined : state.drafts[activeId]?.text,
  );

  useEffect(() => resumeWaitingSaves(queryClient), [queryClient]);

  useEffect(() => {
    if (activeText === undefined) return;
    const timer = window.setTimeout(() => saveDrafts(queryClient, documentId), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [activeText, documentId, queryClient]);

  useEffect(() => {
    const flush = () => saveDrafts(queryClient, documentId);
    const onVisibilityChange = () => {
      if (window.document.visibilityState === 'hidden') flush();
    };
    window.document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', flush);
    return () => {
      window.document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [documentId, queryClient]);
}
