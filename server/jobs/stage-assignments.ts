import type { LanguagePair, StageAssignment } from '../../shared/api/jobs';
import type { Queryable } from '../db/storage';
import { badRequest } from '../http/http-error';
import { stageName, stageWithId, workflowTemplate } from '../workflows/templates';
import { jobPartQueries } from './pair-queries';

/** An assignment as job_language_pairs.stage_assignments keeps it (JSON). */
interface StoredAssignment {
  stageId: number;
  userId: number | null;
  email: string | null;
}

/** Stages people work in: the others (backlog, done) take no assignment. */
const WORK_STAGES = new Set(['TRANSLATE', 'REVIEW', 'SECONDARY_REVIEW']);
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * The pair's `workflowStageAssignments` as stored (JSON, null without any), once each names a
 * work stage of the pair's template once, and a user of the organization or an e-mail address:
 * a 400 naming the assignment otherwise.
 */
export async function checkedAssignments(
  db: Queryable,
  orgId: number,
  where: string,
  templateId: number | null,
  assignments: NonNullable<LanguagePair['workflowStageAssignments']>,
): Promise<string | null> {
  if (assignments.length === 0) return null;
  const template = templateId === null ? undefined : workflowTemplate(templateId);
  if (!template) {
    throw badRequest(
      `${where}: the pair has no workflow template (workflowTemplateId, of the pair or the job), ` +
        'so it has no stages to assign',
    );
  }
  const users = new Set(
    await jobPartQueries(db).orgUsers(
      orgId,
      assignments.flatMap((a) => (a.userId === undefined ? [] : [a.userId])),
    ),
  );
  const seen = new Set<number>();
  const stored = assignments.map((assignment, i): StoredAssignment => {
    const at = `${where}[${i}]`;
    const stageId = assignment.workflowStageTemplateId;
    const stage = stageWithId(template, stageId);
    if (!stage) {
      throw badRequest(
        `${at}.workflowStageTemplateId: '${template.name}' has no stage ${stageId}; ` +
          'GET /v2/workflows/templates lists the ids of its stages',
      );
    }
    if (!WORK_STAGES.has(stage)) {
      throw badRequest(`${at}: stage ${stageId} (${stageName(stage)}) takes no assignment`);
    }
    if (seen.has(stageId)) throw badRequest(`${at}: stage ${stageId} is assigned twice`);
    seen.add(stageId);
    const { userId, email } = assignment;
    if (userId === undefined && email === undefined) {
      throw badRequest(`${at}: give the userId or the email of the person assigned`);
    }
    if (userId !== undefined && !users.has(userId)) {
      throw badRequest(`${at}.userId: no user ${userId} in your organization`);
    }
    if (email !== undefined && !EMAIL.test(email)) {
      throw badRequest(`${at}.email: ${JSON.stringify(email)} is not an e-mail address`);
    }
    return { stageId, userId: userId ?? null, email: email ?? null };
  });
  return JSON.stringify(stored);
}

/** The stored assignments on the wire, with each stage's kind. */
export function assignmentsToWire(
  json: string | null,
  templateId: number | null,
): StageAssignment[] {
  const template = templateId === null ? undefined : workflowTemplate(templateId);
  if (json === null || !template) return [];
  return (JSON.parse(json) as StoredAssignment[]).flatMap((stored) => {
    const stage = stageWithId(template, stored.stageId);
    if (!stage) return [];
    return [
      {
        workflowStageTemplateId: stored.stageId,
        assignmentType: stage,
        userId: stored.userId,
        email: stored.email,
      },
    ];
  });
}
