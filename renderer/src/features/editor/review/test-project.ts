import type { Project } from '../../../../../shared/api/projects';
import type { AssignmentType } from '../../../../../shared/api/workflows';

const STATE_OF_STAGE = {
  READY_TO_START: 'backlog',
  TRANSLATE: 'inProgress',
  REVIEW: 'inReview',
  SECONDARY_REVIEW: 'inQA',
  DONE: 'done',
} as const;

/** For component tests: project 3, on the Translate > Review template, at `stage`. */
export function reviewProject(stage: AssignmentType): Project {
  return {
    id: 3,
    memory_id: 1,
    job_id: null,
    srclang: 'en',
    trglang: 'es',
    srclocale: null,
    trglocale: null,
    name: 'Manual',
    state: STATE_OF_STAGE[stage],
    due_date: null,
    archived: false,
    metadata: {},
    sample_review_percentage: null,
    created_at: 100,
    updated_at: 100,
    workflowStatus: stage === 'DONE' ? 'DONE' : 'IN_PROGRESS',
    moved_by: null,
    workflowTemplateId: 2,
    workflowStage: stage,
    segments_total: 0,
    segments_confirmed: 0,
    words_total: 0,
    words_confirmed: 0,
    document: [],
  };
}
