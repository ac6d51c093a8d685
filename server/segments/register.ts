import type { FastifyInstance } from 'fastify';
import type { CommentService } from '../comments/comment-service';
import type { Storage } from '../db/storage';
import type { DocumentRecords } from '../documents/document-store';
import { batchRoutes } from './batch-routes';
import { createBatchWrites } from './batch-writes';
import { segmentsRoutes } from './routes';
import { createSegmentWrites } from './segment-writes';
import type { WorkflowAdvance } from '../workflows/advance';

/**
 * The segments of documents: reading, creating, editing and confirming them (`/v2/segments`),
 * and many of a document's at once (`PUT /v2/documents/segments`).
 */
export async function registerSegments(
  app: FastifyInstance,
  options: {
    storage: Storage;
    records: DocumentRecords;
    comments: CommentService;
    /** Moves projects on in their workflow after segments are saved. */
    workflows?: WorkflowAdvance;
  },
): Promise<void> {
  const { storage, records, comments, workflows } = options;
  const writes = createSegmentWrites(storage, app.tm, workflows);
  await app.register(segmentsRoutes, { segments: records.segments, writes, comments });
  await app.register(batchRoutes, { save: createBatchWrites(storage, app.tm, workflows) });
}
