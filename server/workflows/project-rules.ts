import type { ProjectState } from '../../shared/api/projects';
import type { AssignmentType } from '../../shared/api/workflows';
import { badRequest, conflict } from '../http/http-error';
import {
  missingStage,
  STAGE_OF_STATE,
  WORKFLOW_TEMPLATES,
  workflowTemplate,
  workflowTemplateNamed,
} from './templates';

/** How a project names its template on creation: by id, or by name as the newer SDK sends it. */
export interface TemplateChoice {
  workflowTemplateId?: number;
  workflow_template_name?: string;
}

const known = () => WORKFLOW_TEMPLATES.map((t) => `${t.id} '${t.name}'`).join(', ');

/**
 * The template id a new project takes (null: none, it moves freely); an unknown id or name, or
 * an id and a name that disagree, is a 400 naming the templates there are.
 */
export function chosenTemplateId(choice: TemplateChoice): number | null {
  const { workflowTemplateId: id, workflow_template_name: name } = choice;
  const byId = id === undefined ? undefined : workflowTemplate(id);
  if (id !== undefined && !byId) {
    throw badRequest(`workflowTemplateId: no workflow template ${id}; there are ${known()}`);
  }
  if (name === undefined || name.trim() === '') return byId?.id ?? null;
  const byName = workflowTemplateNamed(name);
  if (!byName) {
    throw badRequest(
      `workflow_template_name: no workflow template '${name}'; there are ${known()}`,
    );
  }
  if (byId && byId.id !== byName.id) {
    throw badRequest(
      `workflowTemplateId ${byId.id} is '${byId.name}' but workflow_template_name is ` +
        `'${name}': give one of them, or two that agree`,
    );
  }
  return byName.id;
}

/**
 * Refuses (409) a move to a state whose stage the project's template lacks. A project without a
 * template (or with one no longer defined) moves freely.
 */
export function checkWorkflowMove(templateId: number | null, state: ProjectState): void {
  const template = templateId === null ? undefined : workflowTemplate(templateId);
  if (!template) return;
  const missing = missingStage(template, state);
  if (missing) {
    throw conflict(`${missing}: a project on it cannot move to ${state}; the project is unchanged`);
  }
}

/** The stage a project is at (its state's), or null when it has no template. */
export function workflowStageOf(
  templateId: number | null,
  state: ProjectState,
): AssignmentType | null {
  return templateId !== null && workflowTemplate(templateId) ? STAGE_OF_STATE[state] : null;
}
