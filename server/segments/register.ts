import type { FastifyInstance } from 'fastify';
import type { CommentService } from '../comments/comment-service';
import type { Storage } from '../db/storage';
import type { DocumentRecords } from '../documents/document-store';
import { segmentsRoutes } from './routes';
import { createSegmentWrites } from './segment-writes';

/** The segments of documents: reading, creating, editing and confirming them (`/v2/segments`). */
export async function registerSegments(
  app: FastifyInstance,
  options: { storage: Storage; records: DocumentRecords; comments: CommentService },
): Promise<void> {
  const { storage, records, comments } = options;
  const writes = createSegmentWrites(storage, app.tm);
  await app.register(segmentsRoutes, { segments: records.segments, writes, comments });
}
