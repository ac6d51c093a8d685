import type { Project } from '../../../../shared/api/projects';

/** For the board's tests: a project as the server lists it, with `patch` over the defaults. */
export function sampleProject(id: number, patch: Partial<Project> = {}): Project {
  return {
    id,
    memory_id: 1,
    job_id: null,
    srclang: 'en',
    trglang: 'de',
    srclocale: null,
    trglocale: null,
    name: `Project ${id}`,
    state: 'inProgress',
    due_date: null,
    archived: false,
    metadata: {},
    sample_review_percentage: null,
    created_at: 1_780_000_000,
    updated_at: 1_780_000_000,
    workflowStatus: 'IN_PROGRESS',
    moved_by: null,
    segments_total: 0,
    segments_confirmed: 0,
    words_total: 0,
    words_confirmed: 0,
    document: [],
    ...patch,
  };
}
