import { Type } from '@sinclair/typebox';
import { Id } from '../api/fields';
import {
  JobCreateParameters,
  JobExportType,
  JobListQuery,
  JobUpdateParameters,
  LanguagePair,
  type Job,
  type JobDeleteResponse,
  type JobLeverageStats,
} from '../api/jobs';
import type { WorkflowTemplate } from '../api/workflows';
import { ById, channel, closed, NoInput, type DownloadResult } from './channel-def';

/** The Jobs view's channels (part of the IPC contract, contract.ts). */
export const jobChannels = {
  /** Jobs, newest first (`GET /v2/jobs`): active, archived or delivered, a page at a time. */
  'jobs:list': channel<Job[]>()(closed(JobListQuery)),
  'jobs:get': channel<Job>()(ById),
  /** Starts a job (`POST /v2/jobs`): PENDING while its projects are made in the background. */
  'jobs:create': channel<Job>()(
    Type.Object(
      {
        ...JobCreateParameters.properties,
        languagePairs: Type.Array(closed(LanguagePair), { minItems: 1, maxItems: 100 }),
      },
      { additionalProperties: false },
    ),
  ),
  /** Renames or re-dates a job: only the fields present change (`dueDate` in epoch seconds). */
  'jobs:update': channel<Job>()(
    Type.Object(
      {
        id: Id,
        name: JobUpdateParameters.properties.name,
        dueDate: JobUpdateParameters.properties.dueDate,
      },
      { additionalProperties: false },
    ),
  ),
  'jobs:delete': channel<JobDeleteResponse>()(ById),
  'jobs:archive': channel<Job>()(ById),
  'jobs:unarchive': channel<Job>()(ById),
  /** Brings a delivered job back to active. */
  'jobs:reactivate': channel<Job>()(ById),
  /** Moves every project of the job to done and marks it delivered. */
  'jobs:deliver': channel<Job>()(ById),
  /** Runs the leverage analysis now; `bands` is the full report (our extension). */
  'jobs:stats': channel<JobLeverageStats>()(ById),
  /** Starts an export (files or memories) and answers the job: watch `isProcessing`. */
  'jobs:export': channel<Job>()(
    Type.Object({ id: Id, type: JobExportType }, { additionalProperties: false }),
  ),
  /** The job's last export as a zip, saved the way document downloads are. */
  'jobs:download': channel<DownloadResult>()(ById),
  /** The workflow templates a job's projects can follow (`GET /v2/workflows/templates`). */
  'workflows:templates': channel<WorkflowTemplate[]>()(NoInput),
};
