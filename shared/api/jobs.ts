import { Type, type Static } from '@sinclair/typebox';
import { DisplayName, Id, LanguageCode, LocaleCode, Nullable } from './fields';
import { WorkflowStatus } from './projects';
import { AssignmentType } from './workflows';

/** API.md 5, Job: `creationStatus` while the projects are made in the background. */
export const JOB_CREATION_STATUSES = ['PENDING', 'COMPLETE', 'FAILED'] as const;
export const JobCreationStatus = Type.Union(JOB_CREATION_STATUSES.map((s) => Type.Literal(s)));
export type JobCreationStatus = Static<typeof JobCreationStatus>;

export const JOB_STATUSES = ['active', 'archived', 'delivered'] as const;
export const JobStatus = Type.Union(JOB_STATUSES.map((s) => Type.Literal(s)));
export type JobStatus = Static<typeof JobStatus>;

/** `isProcessing`: 1 an export is running, 0 idle, -2 the last export failed. */
export const JobProcessing = Type.Union([Type.Literal(1), Type.Literal(0), Type.Literal(-2)]);
export type JobProcessing = Static<typeof JobProcessing>;

const Words = Type.Integer({ minimum: 0 });
const IsoDateTime = Type.String({ format: 'date-time' });

/** A person assigned to a stage of a project's workflow, as answered (our extension). */
export const StageAssignment = Type.Object({
  workflowStageTemplateId: Type.Integer(),
  assignmentType: AssignmentType,
  userId: Nullable(Type.Integer()),
  email: Nullable(Type.String()),
});
export type StageAssignment = Static<typeof StageAssignment>;

/** API.md 5, JobProject: one project of the job (one per language pair). */
export const JobProject = Type.Object({
  id: Id,
  srcLang: Type.String(),
  srcLocale: Nullable(Type.String()),
  trgLang: Type.String(),
  trgLocale: Nullable(Type.String()),
  name: Type.String(),
  due: Nullable(IsoDateTime),
  isComplete: Type.Boolean(),
  isArchived: Type.Boolean(),
  state: Type.String(),
  numSourceTokens: Words,
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  isDeleted: Type.Boolean(),
  memoryId: Id,
  workflowStatus: WorkflowStatus,
  /** The name of the project's workflow template; null when it has none. */
  workflowName: Nullable(Type.String()),
  /** Our extension: who is assigned to its template's stages (its language pair's). */
  workflowStageAssignments: Type.Optional(
    Type.Array(StageAssignment, {
      description:
        "Our extension: the people assigned to the project's workflow stages, as its language " +
        'pair asked (empty when none)',
    }),
  ),
});
export type JobProject = Static<typeof JobProject>;

/**
 * API.md 5, JobStats. Word figures come from the last leverage analysis (0 before one);
 * `percentTranslated` is confirmed words out of all words of the projects' documents.
 */
export const JobStats = Type.Object({
  exactWords: Words,
  fuzzyWords: Words,
  newWords: Words,
  sourceWords: Words,
  numDeliveredProjects: Words,
  numLanguagePairs: Words,
  numProjects: Words,
  percentReviewed: Type.Integer({ minimum: 0, maximum: 100 }),
  percentTranslated: Type.Integer({ minimum: 0, maximum: 100 }),
  uniqueLanguagePairs: Words,
  /**
   * The people who wrote or reviewed segments of the job's documents: the last to change each
   * segment and the one who first confirmed it (pretranslation and imports name no one).
   */
  uniqueLinguists: Words,
  workflowStatus: WorkflowStatus,
  projects: Type.Array(JobProject),
});
export type JobStats = Static<typeof JobStats>;

/** API.md 5, Job, with our extensions after `stats`. */
export const Job = Type.Object({
  id: Id,
  name: Type.String(),
  creationStatus: JobCreationStatus,
  /** Our extension: why creation failed, in words; null unless FAILED. */
  creationError: Nullable(
    Type.String({ description: 'Our extension: why creation failed, in words' }),
  ),
  status: JobStatus,
  due: Nullable(IsoDateTime),
  deliveredAt: Nullable(IsoDateTime),
  isProcessing: JobProcessing,
  stats: JobStats,
  /** Our extension: why the last export failed (with `isProcessing` -2), else null. */
  processingErrorMsg: Nullable(
    Type.String({ description: 'Our extension: why the last export failed (isProcessing -2)' }),
  ),
  /** Our extension: the kind of the last finished export (`files`/`memory`), null before one. */
  exportType: Nullable(
    Type.Union([Type.Literal('files'), Type.Literal('memory')], {
      description: 'Our extension: what the zip of GET .../download holds',
    }),
  ),
  /** Our extensions: what the job was created with, and when. */
  srcLang: Type.String({ description: 'Our extension: the source language' }),
  srcLocale: Nullable(Type.String({ description: 'Our extension: the source locale' })),
  workflowTemplateId: Nullable(Id),
  domainId: Nullable(Id),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Job = Static<typeof Job>;

/**
 * API.md 5, LanguagePair. `externalModelId` must be an MT model of GET /v3/domains for the pair's
 * languages; `pretranslate` (TM then MT), `autoAccept` (confirm 100 and 101 matches),
 * `caseSensitive` (a match whose source differs in case is no exact match), `takeMatchAttribution`
 * (a pretranslated segment names the match's author) and `configId` (its TM threshold) reach the
 * documents made for the pair. `workflowStageAssignments` name stages of the pair's template
 * (GET /v2/workflows/templates, our stage `id`) and people of the organization (`userId`) or
 * by `email`.
 */
export const LanguagePair = Type.Object({
  trgLang: LanguageCode,
  trgLocale: Type.Optional(LocaleCode),
  dueDate: Type.Optional(IsoDateTime),
  memoryId: Id,
  externalModelId: Type.Optional(Type.Integer()),
  pretranslate: Type.Optional(Type.Boolean()),
  autoAccept: Type.Optional(Type.Boolean()),
  caseSensitive: Type.Optional(Type.Boolean()),
  takeMatchAttribution: Type.Optional(Type.Boolean()),
  configId: Type.Optional(Id),
  workflowTemplateId: Type.Optional(Id),
  /** The spec types it as an int (taken as a template id); a template's name is taken too. */
  workflowTemplateName: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  workflowStageAssignments: Type.Optional(
    Type.Array(
      Type.Object({
        workflowStageTemplateId: Type.Integer(),
        userId: Type.Optional(Type.Integer()),
        email: Type.Optional(Type.String({ maxLength: 254 })),
      }),
      { maxItems: 10 },
    ),
  ),
});
export type LanguagePair = Static<typeof LanguagePair>;

/** `POST /v2/jobs` (API.md 5, JobCreateParameters). */
export const JobCreateParameters = Type.Object({
  name: DisplayName,
  languagePairs: Type.Array(LanguagePair, { minItems: 1, maxItems: 100 }),
  fileIds: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
  due: Type.Optional(IsoDateTime),
  srcLang: LanguageCode,
  srcLocale: LocaleCode,
  isPlural: Type.Optional(Type.Boolean()),
  workflowTemplateId: Type.Optional(Id),
  domainId: Type.Optional(Id),
});
export type JobCreateParameters = Static<typeof JobCreateParameters>;

/**
 * `PUT /v2/jobs/{jobId}` (API.md 5, JobUpdateParameters): only the fields present change.
 * `dueDate` is epoch seconds; `due` (ISO, as the spec's curl example sends) is accepted too.
 */
export const JobUpdateParameters = Type.Object({
  name: Type.Optional(DisplayName),
  dueDate: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 253_402_300_799 }))),
  due: Type.Optional(Nullable(IsoDateTime)),
  isProcessing: Type.Optional(
    Type.Union([
      Type.Literal('0'),
      Type.Literal('1'),
      Type.Literal('-2'),
      Type.Literal(0),
      Type.Literal(1),
      Type.Literal(-2),
    ]),
  ),
  processingErrorMsg: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
});
export type JobUpdateParameters = Static<typeof JobUpdateParameters>;

export const JobDeleteResponse = Type.Object({ id: Id });
export type JobDeleteResponse = Static<typeof JobDeleteResponse>;

/** `GET /v2/jobs` filters and page. */
export const JobListQuery = Type.Object({
  isArchived: Type.Optional(Type.Boolean()),
  isDelivered: Type.Optional(Type.Boolean()),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 25 })),
});
export type JobListQuery = Static<typeof JobListQuery>;

export const JobIdParams = Type.Object({ jobId: Id });
export type JobIdParams = Static<typeof JobIdParams>;

export const JobExportType = Type.Union([Type.Literal('files'), Type.Literal('memory')]);
export type JobExportType = Static<typeof JobExportType>;
export const JobExportQuery = Type.Object({ type: JobExportType });
export type JobExportQuery = Static<typeof JobExportQuery>;

/** API.md 5, ProjectStats: one project's share of the leverage analysis. */
export const ProjectStats = Type.Object({
  id: Id,
  sourceWords: Words,
  exactWords: Words,
  fuzzyWords: Words,
  newWords: Words,
});
export type ProjectStats = Static<typeof ProjectStats>;

/**
 * Our extension: the bands translators are paid by. `context` = 101 (same text and context),
 * `exact` = 100, `repetition` = repeated within the job, then fuzzy bands by score, `new` = no match.
 * Scores are the editor's best match (POST /v2/translate with the segment). A repetition is the
 * second or later occurrence, in the job's projects of one target language, of a source whose
 * best match is below 100 (a 101 or 100 stays in its band); server/jobs/leverage/analyse.ts.
 */
export const LEVERAGE_BANDS = [
  'context',
  'exact',
  'repetition',
  'fuzzy95',
  'fuzzy85',
  'fuzzy75',
  'fuzzy50',
  'new',
] as const;
export const LeverageBandName = Type.Union(LEVERAGE_BANDS.map((b) => Type.Literal(b)));
export type LeverageBandName = Static<typeof LeverageBandName>;

/**
 * Words as progress counts them (server/documents/word-count.ts); characters of the words,
 * numbers and punctuation, no spaces or inline codes.
 */
export const LeverageCounts = Type.Object({
  words: Words,
  segments: Words,
  characters: Words,
});
export type LeverageCounts = Static<typeof LeverageCounts>;

export const LeverageBand = Type.Object({ band: LeverageBandName, ...LeverageCounts.properties });
export type LeverageBand = Static<typeof LeverageBand>;

/** One language pair's (project's) bands, in `LEVERAGE_BANDS` order, and their total. */
export const LeverageLanguageReport = Type.Object({
  projectId: Id,
  memoryId: Id,
  trgLang: Type.String(),
  trgLocale: Nullable(Type.String()),
  bands: Type.Array(LeverageBand),
  total: LeverageCounts,
});
export type LeverageLanguageReport = Static<typeof LeverageLanguageReport>;

/** Our extension: the full analysis, per language and for the whole job. */
export const JobLeverageReport = Type.Object({
  analysedAt: IsoDateTime,
  languages: Type.Array(LeverageLanguageReport),
  bands: Type.Array(LeverageBand),
  total: LeverageCounts,
});
export type JobLeverageReport = Static<typeof JobLeverageReport>;

/**
 * `POST /v2/jobs/{jobId}/stats` (API.md 5, JobLeverageStats). Exact = context + exact words;
 * fuzzy = repetitions and the 50-99 bands; new = no match. `bands` is our extension.
 */
export const JobLeverageStats = Type.Object({
  sourceWords: Words,
  exactWords: Words,
  fuzzyWords: Words,
  newWords: Words,
  projects: Type.Array(ProjectStats),
  bands: Type.Object(JobLeverageReport.properties, {
    description:
      'Our extension: words, segments and characters per band (101, 100, repetitions, 95-99, ' +
      '85-94, 75-84, 50-74, new), per language and in total',
  }),
});
export type JobLeverageStats = Static<typeof JobLeverageStats>;
