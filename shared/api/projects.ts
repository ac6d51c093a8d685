import { Type, type Static } from '@sinclair/typebox';
import { DisplayName, EpochSeconds, Id, IdList, LanguageCode, Nullable } from './fields';
import { AssignmentType } from './workflows';

/** The board's columns, in order (API.md Part A, "States and transitions"). */
export const PROJECT_STATES = ['backlog', 'inProgress', 'inReview', 'inQA', 'done'] as const;
export const ProjectState = Type.Union(PROJECT_STATES.map((state) => Type.Literal(state)));
export type ProjectState = Static<typeof ProjectState>;

export const WorkflowStatus = Type.Union([
  Type.Literal('READY_TO_START'),
  Type.Literal('IN_PROGRESS'),
  Type.Literal('DONE'),
]);
export type WorkflowStatus = Static<typeof WorkflowStatus>;

/** Free-form string -> string pairs the client attaches to a project. */
export const Metadata = Type.Record(
  Type.String({ maxLength: 200 }),
  Type.String({ maxLength: 10_000 }),
);

/**
 * Our extension on a document and on a project (the sums of its documents): confirmed work out
 * of all of it, for progress bars. Words are the sources' `word_count` (the TM tokenizer's words
 * and numbers); a document still importing counts nothing.
 */
const ProgressFields = {
  segments_total: Type.Integer({ minimum: 0, description: 'Our extension: segments.' }),
  segments_confirmed: Type.Integer({
    minimum: 0,
    description: 'Our extension: confirmed segments.',
  }),
  words_total: Type.Integer({
    minimum: 0,
    description: "Our extension: words of the segments' sources (`word_count` summed).",
  }),
  words_confirmed: Type.Integer({
    minimum: 0,
    description: 'Our extension: words of the confirmed segments.',
  }),
};

/** A document as listed inside its project (API.md 5, DocumentWithoutSegments, plus progress). */
export const DocumentWithoutSegments = Type.Object({
  id: Id,
  project_id: Id,
  srclang: Type.String(),
  trglang: Type.String(),
  name: Type.String(),
  import_in_progress: Type.Boolean(),
  import_succeeded: Type.Boolean(),
  import_error_message: Nullable(Type.String()),
  export_in_progress: Type.Boolean(),
  export_succeeded: Type.Boolean(),
  export_error_message: Nullable(Type.String()),
  is_pretranslating: Type.Boolean(),
  status: Type.Object({
    pretranslation: Type.Union([
      Type.Literal('idle'),
      Type.Literal('pending'),
      Type.Literal('running'),
    ]),
  }),
  translator_email: Nullable(Type.String()),
  reviewer_email: Nullable(Type.String()),
  customer_reviewer_email: Nullable(Type.String()),
  created_at: EpochSeconds,
  updated_at: EpochSeconds,
  is_review_complete: Type.Boolean(),
  ...ProgressFields,
});
export type DocumentWithoutSegments = Static<typeof DocumentWithoutSegments>;

/** A project (API.md 5, Project), with its documents under `document`. */
export const Project = Type.Object({
  id: Id,
  memory_id: Id,
  job_id: Nullable(Type.Integer()),
  srclang: Type.String(),
  trglang: Type.String(),
  srclocale: Nullable(Type.String()),
  trglocale: Nullable(Type.String()),
  name: Type.String(),
  state: ProjectState,
  due_date: Nullable(EpochSeconds),
  archived: Type.Boolean(),
  metadata: Metadata,
  sample_review_percentage: Nullable(Type.Integer()),
  created_at: EpochSeconds,
  updated_at: EpochSeconds,
  workflowStatus: WorkflowStatus,
  /**
   * Our extension: the name of who made the project's last move between states; null until it
   * is first moved (on a team server, boards show who moved what).
   */
  moved_by: Nullable(Type.String()),
  /** Our extension: the workflow template the project follows (GET /v2/workflows/templates). */
  workflowTemplateId: Type.Optional(
    Nullable(Type.Integer({ description: 'Our extension: its workflow template; null, none' })),
  ),
  /** Our extension: the template's stage the project is at (its state's); null without one. */
  workflowStage: Type.Optional(
    Type.Union([...AssignmentType.anyOf, Type.Null()], {
      description: "Our extension: the stage of its workflow template it is at (its state's)",
    }),
  ),
  /** Our extension: the progress of its documents together (see `ProgressFields`). */
  ...ProgressFields,
  document: Type.Array(DocumentWithoutSegments),
});
export type Project = Static<typeof Project>;

/** `POST /v2/projects`. Fields of the newer SDK that we do not use are accepted and ignored. */
export const ProjectCreateParameters = Type.Object({
  name: DisplayName,
  memory_id: Id,
  job_id: Type.Optional(Id),
  due_date: Type.Optional(EpochSeconds),
  metadata: Type.Optional(Metadata),
  workflowTemplateId: Type.Optional(Id),
  /** The newer SDK names the template instead (GET /v2/workflows/templates); ids win if both agree. */
  workflow_template_name: Type.Optional(Type.String({ maxLength: 255 })),
});
export type ProjectCreateParameters = Static<typeof ProjectCreateParameters>;

/** Legacy `PUT /v2/projects`: only the fields present change. `due_date: null` clears it. */
export const ProjectUpdateParameters = Type.Object({
  id: Id,
  name: Type.Optional(DisplayName),
  state: Type.Optional(ProjectState),
  due_date: Type.Optional(Nullable(EpochSeconds)),
  archived: Type.Optional(Type.Boolean()),
  metadata: Type.Optional(Metadata),
  sample_review_percentage: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
});
export type ProjectUpdateParameters = Static<typeof ProjectUpdateParameters>;

/** `GET /v2/projects` filters. `archived` (default true) includes archived projects. */
export const ProjectListQuery = Type.Object({
  id: Type.Optional(IdList),
  srclang: Type.Optional(LanguageCode),
  trglang: Type.Optional(LanguageCode),
  from_time: Type.Optional(EpochSeconds),
  to_time: Type.Optional(EpochSeconds),
  state: Type.Optional(ProjectState),
  archived: Type.Optional(Type.Boolean({ default: true })),
  connector_id: Type.Optional(Id),
});
export type ProjectListQuery = Static<typeof ProjectListQuery>;

export const ProjectDeleteQuery = Type.Object({ id: Id });
export type ProjectDeleteQuery = Static<typeof ProjectDeleteQuery>;
