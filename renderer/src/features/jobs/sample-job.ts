import type { Job, JobLeverageReport, JobProject, LeverageBand } from '../../../../shared/api/jobs';

const AT = '2026-11-20T10:00:00.000Z';

/** A project of the sample job, into `trgLang`. */
export function sampleProject(id: number, trgLang: string, patch: Partial<JobProject> = {}) {
  return {
    id,
    srcLang: 'en',
    srcLocale: 'US',
    trgLang,
    trgLocale: null,
    name: `Spring release (${trgLang})`,
    due: null,
    isComplete: false,
    isArchived: false,
    state: 'backlog',
    numSourceTokens: 120,
    createdAt: AT,
    updatedAt: AT,
    isDeleted: false,
    memoryId: id + 100,
    workflowStatus: 'READY_TO_START',
    workflowName: null,
    ...patch,
  } satisfies JobProject;
}

/** For component tests: a complete job into Spanish and Catalan, changed by `patch`. */
export function sampleJob(patch: Partial<Job> = {}, projects = [sampleProject(11, 'es')]): Job {
  return {
    id: 7,
    name: 'Spring release',
    creationStatus: 'COMPLETE',
    creationError: null,
    status: 'active',
    due: '2027-01-15T12:00:00.000Z',
    deliveredAt: null,
    isProcessing: 0,
    stats: {
      exactWords: 0,
      fuzzyWords: 0,
      newWords: 0,
      sourceWords: 0,
      numDeliveredProjects: 0,
      numLanguagePairs: projects.length,
      numProjects: projects.length,
      percentReviewed: 0,
      percentTranslated: 40,
      uniqueLanguagePairs: projects.length,
      uniqueLinguists: 0,
      workflowStatus: 'READY_TO_START',
      projects,
    },
    processingErrorMsg: null,
    exportType: null,
    srcLang: 'en',
    srcLocale: 'US',
    workflowTemplateId: null,
    domainId: null,
    createdAt: AT,
    updatedAt: AT,
    ...patch,
  };
}

const band = (name: LeverageBand['band'], words: number): LeverageBand => ({
  band: name,
  words,
  segments: words ? Math.ceil(words / 5) : 0,
  characters: words * 6,
});

/** A report of two languages: Spanish half covered, Catalan all new. */
export const SAMPLE_REPORT: JobLeverageReport = {
  analysedAt: AT,
  languages: [
    {
      projectId: 11,
      memoryId: 111,
      trgLang: 'es',
      trgLocale: null,
      bands: [band('exact', 50), band('fuzzy85', 25), band('new', 25)],
      total: { words: 100, segments: 20, characters: 600 },
    },
    {
      projectId: 12,
      memoryId: 112,
      trgLang: 'ca',
      trgLocale: null,
      bands: [band('exact', 0), band('fuzzy85', 0), band('new', 100)],
      total: { words: 100, segments: 20, characters: 600 },
    },
  ],
  bands: [band('exact', 50), band('fuzzy85', 25), band('new', 125)],
  total: { words: 200, segments: 40, characters: 1200 },
};
