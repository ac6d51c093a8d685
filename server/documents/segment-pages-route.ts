import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  DocumentSegmentsPage,
  DocumentSegmentsQuery,
  MAX_SEGMENT_PAGE,
} from '../../shared/api/documents';
import type { Storage } from '../db/storage';
import { nowSeconds } from '../db/time';
import { notFound } from '../http/http-error';
import { documentQueries } from './document-queries';
import { segmentOffsetQueries } from './segment-offset-queries';

export interface SegmentPagesRouteOptions {
  storage: Storage;
}

const DEFAULT_LIMIT = 100;

/**
 * Our extension `GET /v2/documents/segments`: a document a page of segments at a time, so the
 * editor opens a long document with its first rows (one answer of a 10,000-segment document is
 * 5 MB) and reads the rest, or only what changed since its last read, in the background.
 */
export const segmentPagesRoute: FastifyPluginAsync<SegmentPagesRouteOptions> = async (
  app,
  { storage },
) => {
  app.get(
    '/v2/documents/segments',
    {
      schema: {
        summary: "A page of a document's segments, with the document (our extension)",
        description:
          `Up to \`limit\` (at most ${MAX_SEGMENT_PAGE}, default ${DEFAULT_LIMIT}) segments in ` +
          'document order from position `offset` (0-based), and `total`, how many the document ' +
          'has. With `updated_since` (epoch seconds) only the segments changed at or after it ' +
          "are paged (a page shorter than `limit` is the last): ask with an earlier answer's " +
          '`as_of` to read what changed since. The document, the count and the page are read ' +
          'in one state of the database.',
        tags: ['documents'],
        operationId: 'getDocumentSegments',
        querystring: DocumentSegmentsQuery,
        response: { 200: DocumentSegmentsPage, 404: Type.Ref('Error') },
      },
    },
    async (request): Promise<DocumentSegmentsPage> => {
      const query = request.query as Static<typeof DocumentSegmentsQuery>;
      const { orgId } = request.auth;
      // Read before the snapshot: a change committed meanwhile is after it, so asked again.
      const asOf = nowSeconds();
      const answer = await storage.snapshot(async (tx) => {
        const document = await documentQueries(tx, storage.dialect).header(orgId, query.id);
        if (!document) return null;
        const page = await segmentOffsetQueries(tx, storage.dialect).page({
          documentId: query.id,
          offset: query.offset ?? 0,
          limit: query.limit ?? DEFAULT_LIMIT,
          updatedSince: query.updated_since,
        });
        return { document, offset: query.offset ?? 0, ...page };
      });
      if (!answer) throw notFound(`Document ${query.id} not found`);
      return { ...answer, as_of: asOf };
    },
  );
};
