import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DocumentWithSegments } from '../../../../../shared/api/documents';
import type { AssignmentType } from '../../../../../shared/api/workflows';
import { projectQueries } from '../../../queries/projects';
import { isReviewed, isReviewStage } from './review';
import { useReviewStore } from './review-store';

export interface ReviewMode {
  /** Whether Ctrl+Enter reviews (rather than confirms) in this document. */
  isOn: boolean;
  /** The workflow stage of the document's project, once read; null without a template. */
  stage: AssignmentType | null;
  setOn: (isOn: boolean) => void;
}

/**
 * Review mode: on while the document's project is at a review stage of its workflow template,
 * unless the user switched it (the toolbar's "Review"). The project is read again when every
 * segment of the document is confirmed, or reviewed: that is when the server moves a project on
 * to its next stage, and review mode follows.
 */
export function useReviewMode(
  document: Pick<DocumentWithSegments, 'id' | 'project_id' | 'segments'>,
  /** False while the editor's first frame is painted: the project is asked for after it. */
  isEnabled: boolean,
  /** Whether every segment of the document is loaded (a partly loaded one is never all done). */
  isFullyLoaded: boolean,
): ReviewMode {
  const queryClient = useQueryClient();
  const { id: documentId, project_id: projectId, segments } = document;
  const projectQuery = projectQueries.list({ id: String(projectId), archived: true });
  const project = useQuery({ ...projectQuery, enabled: isEnabled });
  const stage = project.data?.find((item) => item.id === projectId)?.workflowStage ?? null;
  const switched = useReviewStore((state) => state.switched[documentId]);

  const hasSegments = isFullyLoaded && segments.length > 0;
  const isAllConfirmed = hasSegments && segments.every((segment) => segment.is_confirmed);
  const isAllReviewed = hasSegments && segments.every(isReviewed);
  const stageWorkDone = isAllReviewed ? 'reviewed' : isAllConfirmed ? 'confirmed' : null;
  useEffect(() => {
    if (stageWorkDone === null) return;
    void queryClient.invalidateQueries({ queryKey: projectQuery.queryKey, exact: true });
    // The key is a new array each render; the project id in it is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stageWorkDone, projectId, queryClient]);

  return {
    isOn: switched ?? isReviewStage(stage),
    stage,
    setOn: (isOn) => useReviewStore.getState().setSwitched(documentId, isOn),
  };
}
