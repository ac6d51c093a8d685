import type { JobExportType } from '../../shared/api/jobs';
import type { Queryable } from '../db/storage';

/** A job's export columns: `is_processing`, its token, and the zip's blob. */
export function jobExportQueries(db: Queryable) {
  return {
    /** Marks an export under way (`token` names it: a newer one supersedes it). */
    async startExport(id: number, token: string, now: number) {
      await db
        .updateTable('jobs')
        .set({ is_processing: 1, processing_error: null, export_token: token, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Records the finished export's blob if `token` is still the job's export; answers the blob
     * it replaced (null if none), or undefined when the job is gone or the export superseded.
     */
    async finishExport(
      id: number,
      token: string,
      done: { type: JobExportType; sha256: string },
      now: number,
    ): Promise<string | null | undefined> {
      const current = await db
        .selectFrom('jobs')
        .select('export_blob')
        .where('id', '=', id)
        .where('export_token', '=', token)
        .executeTakeFirst();
      if (!current) return undefined;
      await db
        .updateTable('jobs')
        .set({
          is_processing: 0,
          export_type: done.type,
          export_blob: done.sha256,
          export_token: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      return current.export_blob;
    },

    /** The export `token` failed: -2 with the reason (nothing if superseded meanwhile). */
    async failExport(id: number, token: string, message: string, now: number): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ is_processing: -2, processing_error: message, export_token: null, updated_at: now })
        .where('id', '=', id)
        .where('export_token', '=', token)
        .execute();
    },
  };
}
