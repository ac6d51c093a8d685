import { Type, type Static } from '@sinclair/typebox';

/** A workflow stage's kind (API.md 5, WorkflowTemplate `stages[].assignmentType`). */
export const ASSIGNMENT_TYPES = [
  'READY_TO_START',
  'TRANSLATE',
  'REVIEW',
  'SECONDARY_REVIEW',
  'DONE',
] as const;
export const AssignmentType = Type.Union(ASSIGNMENT_TYPES.map((type) => Type.Literal(type)));
export type AssignmentType = Static<typeof AssignmentType>;

export const WorkflowStage = Type.Object({
  /** Our extension: the stage's id, which a job's `workflowStageAssignments` name. */
  id: Type.Optional(
    Type.Integer({
      description:
        "Our extension: the stage's id (the template's id times ten plus its place from 1), " +
        "the `workflowStageTemplateId` of a job language pair's `workflowStageAssignments`",
    }),
  ),
  name: Type.String(),
  assignmentType: AssignmentType,
});
export type WorkflowStage = Static<typeof WorkflowStage>;

/**
 * `GET /v2/workflows/templates` (API.md 4.14). `TeamId` is, in our reading, the caller's
 * organization: the templates are the same for every organization.
 */
export const WorkflowTemplate = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  TeamId: Type.Integer({ description: "Our reading: the caller's organization id" }),
  stages: Type.Array(WorkflowStage),
});
export type WorkflowTemplate = Static<typeof WorkflowTemplate>;
