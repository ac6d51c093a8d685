import type { ProjectState } from '../../shared/api/projects';
import type { AssignmentType, WorkflowTemplate } from '../../shared/api/workflows';

/** A workflow template as defined here: its stages in order, by kind. */
export interface TemplateDefinition {
  id: number;
  name: string;
  stages: readonly AssignmentType[];
}

/**
 * The templates every organization has, defined once here (ids are part of the wire: never
 * renumber). Each starts at READY_TO_START because the board's backlog, where every new project
 * starts, is a stage of its own: work has not begun there, so it is not TRANSLATE.
 */
export const WORKFLOW_TEMPLATES: readonly TemplateDefinition[] = [
  { id: 1, name: 'Translate only', stages: ['READY_TO_START', 'TRANSLATE', 'DONE'] },
  { id: 2, name: 'Translate > Review', stages: ['READY_TO_START', 'TRANSLATE', 'REVIEW', 'DONE'] },
  {
    id: 3,
    name: 'Translate > Review > Secondary review',
    stages: ['READY_TO_START', 'TRANSLATE', 'REVIEW', 'SECONDARY_REVIEW', 'DONE'],
  },
];

const STAGE_NAMES: Record<AssignmentType, string> = {
  READY_TO_START: 'Ready to start',
  TRANSLATE: 'Translate',
  REVIEW: 'Review',
  SECONDARY_REVIEW: 'Secondary review',
  DONE: 'Done',
};

/** The board column of each stage, and back: one state per stage. */
export const STATE_OF_STAGE: Record<AssignmentType, ProjectState> = {
  READY_TO_START: 'backlog',
  TRANSLATE: 'inProgress',
  REVIEW: 'inReview',
  SECONDARY_REVIEW: 'inQA',
  DONE: 'done',
};
export const STAGE_OF_STATE: Record<ProjectState, AssignmentType> = {
  backlog: 'READY_TO_START',
  inProgress: 'TRANSLATE',
  inReview: 'REVIEW',
  inQA: 'SECONDARY_REVIEW',
  done: 'DONE',
};

export function workflowTemplate(id: number): TemplateDefinition | undefined {
  return WORKFLOW_TEMPLATES.find((template) => template.id === id);
}

/** The template of that name, ignoring case and surrounding spaces. */
export function workflowTemplateNamed(name: string): TemplateDefinition | undefined {
  const wanted = name.trim().toLowerCase();
  return WORKFLOW_TEMPLATES.find((template) => template.name.toLowerCase() === wanted);
}

/**
 * A stage's id (a LanguagePair's `workflowStageTemplateId`): the template's id times ten plus
 * the stage's place from 1, so ids never change while templates only append.
 */
export const stageTemplateId = (template: TemplateDefinition, at: number): number =>
  template.id * 10 + at + 1;

/** The stage of `template` with that id, or undefined. */
export function stageWithId(template: TemplateDefinition, id: number): AssignmentType | undefined {
  const at = template.stages.findIndex((_, i) => stageTemplateId(template, i) === id);
  return at < 0 ? undefined : template.stages[at];
}

export const stageName = (type: AssignmentType): string => STAGE_NAMES[type];

/** The templates on the wire, for one organization (`TeamId`). */
export function templatesOf(orgId: number): WorkflowTemplate[] {
  return WORKFLOW_TEMPLATES.map((template) => ({
    id: template.id,
    name: template.name,
    TeamId: orgId,
    stages: template.stages.map((type, at) => ({
      id: stageTemplateId(template, at),
      name: STAGE_NAMES[type],
      assignmentType: type,
    })),
  }));
}

/** Why a project on `template` cannot be in `state`, or null when it can. */
export function missingStage(template: TemplateDefinition, state: ProjectState): string | null {
  const stage = STAGE_OF_STATE[state];
  if (template.stages.includes(stage)) return null;
  return `'${template.name}' has no ${STAGE_NAMES[stage].toLowerCase()} stage`;
}

/** The stage after `stage` in the template, or null at its end (or when it has no such stage). */
export function nextStage(
  template: TemplateDefinition,
  stage: AssignmentType,
): AssignmentType | null {
  const at = template.stages.indexOf(stage);
  return at < 0 ? null : (template.stages[at + 1] ?? null);
}
