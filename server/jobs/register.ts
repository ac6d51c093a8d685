import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../blobs/blob-store';
import type { Storage } from '../db/storage';
import type { DocumentPool } from '../documents/document-pool';
import type { DocumentRecords } from '../documents/document-store';
import { hasDomain, mtModels } from '../domains/models';
import { createProjectStore } from '../projects/store';
import type { WorkQueue } from '../work/queue';
import { registerJobCreation } from './creation-work';
import { jobExportRoutes } from './export-routes';
import { createJobExports } from './export-work';
import { createJobLeverage } from './job-leverage';
import { createJobReads } from './job-reads';
import { createJobLifecycle } from './lifecycle';
import { jobsRoutes } from './routes';

export interface JobsOptions {
  storage: Storage;
  work: WorkQueue;
  blobs: BlobStore;
  /** The documents area's records and worker pool: a job's documents are imported through them. */
  records: DocumentRecords;
  pool: DocumentPool;
  /** Written into exported TMX headers. */
  version: string;
  /** Whether the organization has the domain `domainId` names; by default the domains area's. */
  domainExists?: (orgId: number, domainId: number) => Promise<boolean>;
}

/**
 * Jobs: the routes, the work that creates a job's projects and documents, and its exports.
 * Registered after the documents (it imports through them) and the memories (`app.tm`, for the
 * leverage analysis).
 */
export async function registerJobs(app: FastifyInstance, options: JobsOptions): Promise<void> {
  const { storage, work, blobs, records, pool } = options;
  const projects = createProjectStore(storage);
  registerJobCreation(work, { storage, blobs, records, pool });
  const exports = createJobExports(work, {
    storage,
    blobs,
    records,
    pool,
    projects,
    version: options.version,
  });
  await app.register(jobsRoutes, {
    create: {
      storage,
      blobs,
      work,
      domainExists: options.domainExists ?? hasDomain,
      models: () => mtModels(app.mt),
    },
    reads: createJobReads(storage, projects),
    lifecycle: createJobLifecycle(storage, projects, blobs),
    leverage: createJobLeverage(storage, app.tm),
  });
  await app.register(jobExportRoutes, { exports });
}
