import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  MAX_BATCH_SEGMENTS,
  MAX_BATCH_TEXT,
  SegmentBatchParameters,
  SegmentBatchResponse,
} from '../../shared/api/segments';
import type { BatchWrites } from './batch-writes';

/** Room for MAX_BATCH_TEXT characters of text in UTF-8 with the JSON around them. */
const BATCH_BODY_LIMIT = 32 * 1024 * 1024;

const ErrorRef = Type.Ref('Error');

/** `PUT /v2/documents/segments` (our extension): many targets of a document, all or nothing. */
export const batchRoutes: FastifyPluginAsync<{ save: BatchWrites }> = async (app, { save }) => {
  app.put<{ Body: SegmentBatchParameters }>(
    '/v2/documents/segments',
    {
      bodyLimit: BATCH_BODY_LIMIT,
      schema: {
        summary: "Save many of a document's targets in one transaction (our extension)",
        description:
          'Each segment is saved as `PUT /v2/segments` saves it (confirmed by default, which ' +
          'writes the unit into the memory; `is_confirmed: false` saves a draft), all in one ' +
          'transaction. A segment whose target is no longer `expected_target` was changed ' +
          'meanwhile: it is left as it is and answered in `changed_since`. An id that is not a ' +
          'segment of the document (of the caller’s organization) refuses the whole call (404). ' +
          `At most ${MAX_BATCH_SEGMENTS.toLocaleString('en')} segments (400) and ` +
          `${MAX_BATCH_TEXT.toLocaleString('en')} characters of targets (413) per call.`,
        tags: ['segments'],
        operationId: 'updateDocumentSegments',
        body: SegmentBatchParameters,
        response: { 200: SegmentBatchResponse, 404: ErrorRef, 413: ErrorRef },
      },
    },
    async (request) => save(request.auth, request.body),
  );
};
