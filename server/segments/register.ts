import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/db';
import type { DocumentRecords } from '../documents/document-store';
import { segmentsRoutes } from './routes';
import { createSegmentWrites } from './segment-writes';

/** The segments of documents: reading, creating, editing and confirming them (`/v2/segments`). */
export async function registerSegments(
  app: FastifyInstance,
  options: { db: Database; records: DocumentRecords },
): Promise<void> {
  const { db, records } = options;
  const writes = createSegmentWrites(db, app.tm, records);
  await app.register(segmentsRoutes, { db, segments: records.segments, writes });
}
