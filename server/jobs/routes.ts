import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  Job,
  JobCreateParameters,
  JobDeleteResponse,
  JobIdParams,
  JobLeverageStats,
  JobListQuery,
  JobUpdateParameters,
} from '../../shared/api/jobs';
import type { Actor } from '../projects/store';
import { createJob, type JobCreateDeps } from './create-job';
import type { JobLeverage } from './job-leverage';
import type { JobReads } from './job-reads';
import { jobNotFound, type JobLifecycle } from './lifecycle';

export interface JobsRoutesOptions {
  create: JobCreateDeps;
  reads: JobReads;
  lifecycle: JobLifecycle;
  leverage: JobLeverage;
}

export const ErrorRef = Type.Ref('Error');
export const tags = ['jobs'];
export const errors = { 400: ErrorRef, 404: ErrorRef, 409: ErrorRef };

export type ById = { Params: JobIdParams };

/** `/v2/jobs` (API.md 4.9): the organization's jobs, their life and analysis. */
export const jobsRoutes: FastifyPluginAsync<JobsRoutesOptions> = async (app, options) => {
  const { reads, lifecycle, leverage } = options;

  async function jobOf(orgId: number, id: number): Promise<Job> {
    const job = await reads.get(orgId, id);
    if (!job) throw jobNotFound(id);
    return job;
  }

  app.post<{ Body: JobCreateParameters }>(
    '/v2/jobs',
    {
      schema: {
        summary: 'Create a job: one project per language pair, one document per file',
        description:
          'Everything is checked at once (files, memories and their languages, template, ' +
          "domain, MT model, stage assignments). A pair's `pretranslate`, `autoAccept`, " +
          '`caseSensitive`, `takeMatchAttribution` and `configId` (its TM threshold) reach its ' +
          "documents' pretranslation; `workflowStageAssignments` name the stage ids of GET " +
          '/v2/workflows/templates (our extension) and come back on each JobProject. ' +
          'The answer is PENDING; the projects and documents are made in the ' +
          'background, then `creationStatus` is COMPLETE, or FAILED with `creationError` and ' +
          'nothing made.',
        tags,
        operationId: 'createJob',
        body: JobCreateParameters,
        response: { 200: Job, ...errors, 415: ErrorRef },
      },
    },
    async (request) => {
      const id = await createJob(options.create, request.auth, request.body);
      return jobOf(request.auth.orgId, id);
    },
  );

  app.get<{ Querystring: JobListQuery }>(
    '/v2/jobs',
    {
      schema: {
        summary: 'List jobs, newest first',
        tags,
        operationId: 'retrieveAllJobs',
        querystring: JobListQuery,
        response: { 200: Type.Array(Job) },
      },
    },
    async (request) => {
      const { isArchived, isDelivered, offset = 0, limit = 25 } = request.query;
      return reads.page(request.auth.orgId, { isArchived, isDelivered }, offset, limit);
    },
  );

  app.get<ById>(
    '/v2/jobs/:jobId',
    {
      schema: {
        summary: 'A job with its stats and projects',
        tags,
        operationId: 'getJob',
        params: JobIdParams,
        response: { 200: Job, 404: ErrorRef },
      },
    },
    async (request) => jobOf(request.auth.orgId, request.params.jobId),
  );

  app.put<ById & { Body: JobUpdateParameters }>(
    '/v2/jobs/:jobId',
    {
      schema: {
        summary: 'Update a job: only the fields present change',
        description:
          '`dueDate` is epoch seconds; `due` (ISO 8601) is accepted too. A delivered job is ' +
          'not edited (409): reactivate it first.',
        tags,
        operationId: 'updateJob',
        params: JobIdParams,
        body: JobUpdateParameters,
        response: { 200: Job, ...errors },
      },
      // The spec makes the body optional: none is an empty change.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const { jobId } = request.params;
      await lifecycle.update(request.auth, jobId, request.body);
      return jobOf(request.auth.orgId, jobId);
    },
  );

  app.delete<ById>(
    '/v2/jobs/:jobId',
    {
      schema: {
        summary: 'Delete a job with its projects and documents (memories stay)',
        tags,
        operationId: 'deleteJob',
        params: JobIdParams,
        response: { 200: JobDeleteResponse, 404: ErrorRef, 409: ErrorRef },
      },
    },
    async (request): Promise<JobDeleteResponse> => {
      await lifecycle.remove(request.auth, request.params.jobId);
      return { id: request.params.jobId };
    },
  );

  app.post<ById>(
    '/v2/jobs/:jobId/stats',
    {
      schema: {
        summary: "Run the leverage analysis of the job's projects against their memories",
        description:
          'Answers JobLeverageStats and, as our extension, `bands`: words, segments and ' +
          'characters per band (101, 100, repetitions, 95-99, 85-94, 75-84, 50-74, new), per ' +
          'language and in total. The result is kept: Job.stats shows its figures.',
        tags,
        operationId: 'getJobLeverageStats',
        params: JobIdParams,
        response: { 200: JobLeverageStats, 404: ErrorRef, 409: ErrorRef },
      },
    },
    async (request) => leverage.analyse(request.auth, request.params.jobId),
  );

  const moves = [
    ['archive', 'archiveJob', 'Archive a job', lifecycle.archive],
    ['unarchive', 'unarchiveJob', 'Unarchive a job', lifecycle.unarchive],
    ['deliver', 'deliverJob', 'Deliver a job: all its projects done', lifecycle.deliver],
    ['reactivate', 'reactivateJob', 'Reactivate a delivered job', lifecycle.reactivate],
  ] as const satisfies readonly [string, string, string, (a: Actor, id: number) => Promise<void>][];
  for (const [path, operationId, summary, move] of moves) {
    app.post<ById>(
      `/v2/jobs/:jobId/${path}`,
      {
        schema: {
          summary,
          tags,
          operationId,
          params: JobIdParams,
          response: { 200: Job, 404: ErrorRef, 409: ErrorRef },
        },
      },
      async (request) => {
        await move(request.auth, request.params.jobId);
        return jobOf(request.auth.orgId, request.params.jobId);
      },
    );
  }
};
