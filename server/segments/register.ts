import type { FastifyInstance } from 'fastify';
import type { CommentService } from '../comments/comment-service';
import type { Database } from '../db/db';
import type { DocumentRecords } from '../documents/document-store';
import { segmentsRoutes } from './routes';
import { createSegmentWrites } from './segment-writes';

/** The segments of documents: reading, creating, editing and confirming them (`/v2/segments`). */
export async function registerSegments(
  app: FastifyInstance,
  options: { db: Database; records: DocumentRecords; comments: CommentService },
): Promise<void> {
  const { db, records, comments } = options;
  const writes = createSegmentWrites(db, app.tm, records);
  await app.register(segmentsRoutes, { db, segments: records.segments, writes, comments });
}
