import type {
  Job,
  JobCreationStatus,
  JobLeverageStats,
  JobProcessing,
  JobProject,
  JobStats,
  JobStatus,
} from '../../shared/api/jobs';
import type { Project, WorkflowStatus } from '../../shared/api/projects';
import { badRequest } from '../http/http-error';
import { workflowTemplate } from '../workflows/templates';
import type { JobPairRow, Reviewed } from './pair-queries';
import { assignmentsToWire } from './stage-assignments';
import type { JobRow } from './queries';

/** Epoch seconds as the wire's date-time (ISO 8601, UTC). */
export const isoOf = (seconds: number): string => new Date(seconds * 1000).toISOString();
const isoOrNull = (seconds: number | null) => (seconds === null ? null : isoOf(seconds));

/** Latest time the API carries (the end of year 9999, as `EpochSeconds`). */
const LAST_SECOND = 253_402_300_799;

/**
 * ISO 8601 text (the schema's `date-time` format has checked its shape) as epoch seconds; a 400
 * naming `field` for a time JavaScript cannot read (a leap second) or outside 1970 to 9999.
 */
export function secondsOf(iso: string, field: string): number {
  const seconds = Math.floor(Date.parse(iso) / 1000);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > LAST_SECOND) {
    throw badRequest(`${field}: ${iso} is not a time from 1970 to 9999`);
  }
  return seconds;
}

function jobProject(project: Project, pair: JobPairRow | undefined): JobProject {
  const templateId = project.workflowTemplateId ?? null;
  return {
    id: project.id,
    srcLang: project.srclang,
    srcLocale: project.srclocale,
    trgLang: project.trglang,
    trgLocale: project.trglocale,
    name: project.name,
    due: isoOrNull(project.due_date),
    isComplete: project.state === 'done',
    isArchived: project.archived,
    state: project.state,
    numSourceTokens: project.words_total,
    createdAt: isoOf(project.created_at),
    updatedAt: isoOf(project.updated_at),
    isDeleted: false,
    memoryId: project.memory_id,
    workflowStatus: project.workflowStatus,
    workflowName: workflowNameOf(project),
    workflowStageAssignments: assignmentsToWire(pair?.stage_assignments ?? null, templateId),
  };
}

function workflowNameOf(project: Project): string | null {
  const id = project.workflowTemplateId ?? null;
  return id === null ? null : (workflowTemplate(id)?.name ?? null);
}

/** Done when every project is; ready to start while none has begun; in progress otherwise. */
function jobWorkflowStatus(projects: readonly Project[]): WorkflowStatus {
  if (projects.length > 0 && projects.every((p) => p.workflowStatus === 'DONE')) return 'DONE';
  if (projects.every((p) => p.workflowStatus === 'READY_TO_START')) return 'READY_TO_START';
  return 'IN_PROGRESS';
}

const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.min(100, Math.round((100 * part) / whole));

/** The stored last leverage analysis, or null before one. */
export function storedLeverage(row: JobRow): JobLeverageStats | null {
  return row.leverage === null ? null : (JSON.parse(row.leverage) as JobLeverageStats);
}

function jobStats(
  row: JobRow,
  pairs: readonly JobPairRow[],
  projects: Project[],
  reviewed: Reviewed,
  linguists: number,
): JobStats {
  const words = projects.reduce((sum, p) => sum + p.words_total, 0);
  const confirmed = projects.reduce((sum, p) => sum + p.words_confirmed, 0);
  const leverage = storedLeverage(row);
  return {
    exactWords: leverage?.exactWords ?? 0,
    fuzzyWords: leverage?.fuzzyWords ?? 0,
    newWords: leverage?.newWords ?? 0,
    sourceWords: leverage?.sourceWords ?? 0,
    numDeliveredProjects: projects.filter((p) => p.state === 'done').length,
    numLanguagePairs: pairs.length,
    numProjects: projects.length,
    // By segments: the documents' stored counters count reviewed segments, not their words.
    percentReviewed: percent(reviewed.reviewed, reviewed.total),
    percentTranslated: percent(confirmed, words),
    uniqueLanguagePairs: new Set(pairs.map((p) => `${p.trglang}-${p.trglocale ?? ''}`)).size,
    uniqueLinguists: linguists,
    workflowStatus: jobWorkflowStatus(projects),
    projects: projects.map((project) =>
      jobProject(
        project,
        pairs.find((pair) => pair.project_id === project.id),
      ),
    ),
  };
}

/**
 * The job on the wire, from its row, its pairs, its projects (with progress), its reviews and
 * the number of people who wrote or reviewed its segments.
 */
export function jobToWire(
  row: JobRow,
  pairs: readonly JobPairRow[],
  projects: Project[],
  reviewed: Reviewed = { reviewed: 0, total: 0 },
  linguists = 0,
): Job {
  return {
    id: row.id,
    name: row.name,
    creationStatus: row.creation_status as JobCreationStatus,
    creationError: row.creation_error,
    status: row.status as JobStatus,
    due: isoOrNull(row.due_at),
    deliveredAt: isoOrNull(row.delivered_at),
    isProcessing: row.is_processing as JobProcessing,
    stats: jobStats(row, pairs, projects, reviewed, linguists),
    processingErrorMsg: row.processing_error,
    exportType: row.export_type as Job['exportType'],
    srcLang: row.srclang,
    srcLocale: row.srclocale,
    workflowTemplateId: row.workflow_template_id,
    domainId: row.domain_id,
    createdAt: isoOf(row.created_at),
    updatedAt: isoOf(row.updated_at),
  };
}
