import type { JobCreationStatus, JobStatus } from '../../shared/api/jobs';
import type { Queryable } from '../db/storage';

/** A row of `jobs` as both backends answer it. */
export interface JobRow {
  id: number;
  org_id: number;
  name: string;
  srclang: string;
  srclocale: string | null;
  due_at: number | null;
  status: string;
  creation_status: string;
  creation_error: string | null;
  delivered_at: number | null;
  is_processing: number;
  processing_error: string | null;
  workflow_template_id: number | null;
  domain_id: number | null;
  leverage: string | null;
  export_type: string | null;
  export_token: string | null;
  export_blob: string | null;
  created_at: number;
  updated_at: number;
}

export interface NewJob {
  orgId: number;
  name: string;
  srclang: string;
  srclocale: string | null;
  dueAt: number | null;
  workflowTemplateId: number | null;
  domainId: number | null;
  now: number;
}

/** `GET /v2/jobs` filters: absent ones do not filter. */
export interface JobListFilter {
  isArchived?: boolean;
  isDelivered?: boolean;
}

/** The fields `PUT /v2/jobs/{id}` may set (absent ones stay). */
export interface JobChange {
  name?: string;
  dueAt?: number | null;
  isProcessing?: number;
  processingError?: string | null;
}

/**
 * The `jobs` rows of organizations. `db` is the storage's handle or an open transaction. The
 * files and language pairs are in pair-queries.ts.
 */
export function jobQueries(db: Queryable) {
  const jobs = () => db.selectFrom('jobs').selectAll();

  return {
    async insert(job: NewJob): Promise<number> {
      const row = await db
        .insertInto('jobs')
        .values({
          org_id: job.orgId,
          name: job.name,
          srclang: job.srclang,
          srclocale: job.srclocale,
          due_at: job.dueAt,
          workflow_template_id: job.workflowTemplateId,
          domain_id: job.domainId,
          created_at: job.now,
          updated_at: job.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The organization's job; `lock` keeps its row locked (PostgreSQL only) to the end. */
    async get(orgId: number, id: number, lock = false): Promise<JobRow | null> {
      const query = jobs().where('id', '=', id).where('org_id', '=', orgId);
      return ((await (lock ? query.forUpdate() : query).executeTakeFirst()) as JobRow) ?? null;
    },

    /** For background work, which acts for the job's organization already. */
    async getAnyOrg(id: number): Promise<JobRow | null> {
      return ((await jobs().where('id', '=', id).executeTakeFirst()) as JobRow) ?? null;
    },

    /** A page of the organization's jobs, newest first. */
    async page(
      orgId: number,
      filter: JobListFilter,
      offset: number,
      limit: number,
    ): Promise<JobRow[]> {
      let query = jobs().where('org_id', '=', orgId);
      if (filter.isArchived !== undefined)
        query = query.where('status', filter.isArchived ? '=' : '<>', 'archived');
      if (filter.isDelivered !== undefined)
        query = query.where('status', filter.isDelivered ? '=' : '<>', 'delivered');
      const rows = await query.orderBy('id', 'desc').offset(offset).limit(limit).execute();
      return rows as JobRow[];
    },

    async change(id: number, change: JobChange, now: number): Promise<void> {
      await db
        .updateTable('jobs')
        .set({
          ...(change.name === undefined ? {} : { name: change.name }),
          ...(change.dueAt === undefined ? {} : { due_at: change.dueAt }),
          ...(change.isProcessing === undefined ? {} : { is_processing: change.isProcessing }),
          ...(change.processingError === undefined
            ? {}
            : { processing_error: change.processingError }),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },

    async setStatus(id: number, status: JobStatus, deliveredAt: number | null, now: number) {
      await db
        .updateTable('jobs')
        .set({ status, delivered_at: deliveredAt, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Ends the creation, only while it is PENDING; false when it had ended already. */
    async endCreation(
      id: number,
      status: Exclude<JobCreationStatus, 'PENDING'>,
      error: string | null,
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({ creation_status: status, creation_error: error, updated_at: now })
        .where('id', '=', id)
        .where('creation_status', '=', 'PENDING')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async setLeverage(id: number, json: string, now: number): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ leverage: json, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the job with its files and pairs; answers its export's blob (or null). */
    async remove(orgId: number, id: number): Promise<{ exportBlob: string | null } | null> {
      const row = await db
        .deleteFrom('jobs')
        .where('id', '=', id)
        .where('org_id', '=', orgId)
        .returning('export_blob')
        .executeTakeFirst();
      return row ? { exportBlob: row.export_blob } : null;
    },
  };
}

export type JobQueries = ReturnType<typeof jobQueries>;
