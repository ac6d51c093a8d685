import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  Segment,
  SegmentCreateParameters,
  SegmentDeleteResponse,
  SegmentGetQuery,
  SegmentTagQuery,
  SegmentUnlockBody,
  SegmentUpdateParameters,
  TaggedSegment,
  type SegmentWithComments,
} from '../../shared/api/segments';
import { Comment } from '../../shared/api/comments';
import { Id } from '../../shared/api/fields';
import { segmentNotFound, type SegmentWrites } from './segment-writes';
import { tagTarget } from './tag-target';
import { badRequest, notFound } from '../http/http-error';
import type { CommentService } from '../comments/comment-service';
import type { SegmentQueries } from '../documents/segment-queries';

export interface SegmentsRoutesOptions {
  /** A segment's thread, for `include_comments`. */
  comments: CommentService;
  /** Segment reads, outside any transaction. */
  segments: SegmentQueries;
  writes: SegmentWrites;
}

const tags = ['segments'];
const ErrorRef = Type.Ref('Error');
const SegmentIdQuery = Type.Object({ id: Id });
/** The legacy paths are served at the root and under the comments base `/2` (API.md Part A). */
const LEGACY_BASES = ['', '/2'];
/** Segment CRUD: `/v2/segments`, and `/2/segments` where the public Lilt client sends it. */
const SEGMENT_BASES = ['/v2', '/2'];

/**
 * Segments (API.md 4.8): create (into a memory, or at the end of a document), read, update
 * (confirm writes into the memory), delete (from the memory), and the two legacy paths: tag a
 * translation and unlock reviewed segments. Scoped to the caller's organization.
 */
export const segmentsRoutes: FastifyPluginAsync<SegmentsRoutesOptions> = async (app, options) => {
  const { segments, writes, comments } = options;

  // `/v2/segments`, and the same under the comments base `/2`, where the public client sends it.
  for (const base of SEGMENT_BASES) {
    const suffix = base === '/v2' ? '' : 'Legacy';
    app.post<{ Body: SegmentCreateParameters }>(
      `${base}/segments`,
      {
        schema: {
          summary: 'Create a segment in a memory, or at the end of a document',
          description:
            'With `target` the segment is confirmed and written into the memory. With ' +
            '`shouldApplySegmentation` (and `srcLang`) the source is split into sentences and the ' +
            'answer is an array of segments.',
          tags,
          operationId: `createSegment${suffix}`,
          body: SegmentCreateParameters,
          response: { 200: Type.Union([Segment, Type.Array(Segment)]), 404: ErrorRef },
        },
      },
      async (request): Promise<Segment | Segment[]> => {
        const created = await writes.create(request.auth, request.body);
        return request.body.shouldApplySegmentation ? created : (created[0] as Segment);
      },
    );

    app.get(
      `${base}/segments`,
      {
        schema: {
          summary: 'A segment',
          description: 'With `include_comments=true`, also its comments, oldest first.',
          tags,
          operationId: `getSegment${suffix}`,
          querystring: SegmentGetQuery,
          response: {
            200: Type.Composite([
              Segment,
              Type.Object({ comments: Type.Optional(Type.Array(Comment)) }),
            ]),
            404: ErrorRef,
          },
        },
      },
      async (request): Promise<Segment | SegmentWithComments> => {
        const query = request.query as Static<typeof SegmentGetQuery>;
        const segment = await segments.get(request.auth.orgId, query.id);
        if (!segment) throw segmentNotFound(query.id);
        if (!query.include_comments) return segment;
        return { ...segment, comments: await comments.thread(request.auth, segment.id) };
      },
    );

    app.put<{ Body: SegmentUpdateParameters }>(
      `${base}/segments`,
      {
        schema: {
          summary: "Save a segment's target",
          description:
            'Confirmed (the default) writes the unit into the memory in the same transaction, ' +
            'updating the unit written earlier from this segment. `is_confirmed: false` saves a ' +
            'draft and writes nothing into the memory.',
          tags,
          operationId: `updateSegment${suffix}`,
          body: SegmentUpdateParameters,
          response: { 200: Segment, 404: ErrorRef },
        },
      },
      async (request): Promise<Segment> => writes.update(request.auth, request.body),
    );

    app.delete(
      `${base}/segments`,
      {
        schema: {
          summary: 'Delete the unit written from a segment from its memory',
          description:
            'Deletes from the memory only: a segment of a document stays in it; a segment without ' +
            'a document is deleted too. `deleted` says whether anything was removed.',
          tags,
          operationId: `deleteSegment${suffix}`,
          querystring: SegmentIdQuery,
          response: { 200: SegmentDeleteResponse, 404: ErrorRef },
        },
      },
      async (request) => {
        const { id } = request.query as Static<typeof SegmentIdQuery>;
        return { id, deleted: await writes.remove(request.auth, id) };
      },
    );
  }

  for (const base of LEGACY_BASES) {
    const suffix = base === '' ? '' : 'Legacy';
    app.get(
      `${base}/segments/tag`,
      {
        schema: {
          summary: "Put a tagged source's tags into its untagged translation",
          description:
            'Tags the target already has stay; a tag at the start or end of the source goes to ' +
            'the start or end of the target, any other to the same proportional word position. ' +
            'The result is always well-formed.',
          tags,
          operationId: `tagSegment${suffix}`,
          querystring: SegmentTagQuery,
          response: { 200: TaggedSegment, 404: ErrorRef },
        },
      },
      async (request): Promise<TaggedSegment> => {
        const query = request.query as Static<typeof SegmentTagQuery>;
        if (!(await segments.memoryExists(request.auth.orgId, query.memory_id))) {
          throw notFound(`Memory ${query.memory_id} not found`);
        }
        return {
          source_tagged: query.source_tagged,
          target_tagged: tagTarget(query.source_tagged, query.target),
        };
      },
    );

    app.post<{ Body: SegmentUnlockBody }>(
      `${base}/segments/review/unlock`,
      {
        schema: {
          summary: 'Unlock reviewed segments',
          description:
            'Takes segment ids as `documentIds` (the spec) or `segmentIds` (its curl example); ' +
            "answers the ids of the organization's segments among them, now unlocked. Unknown " +
            'ids are ignored.',
          tags,
          operationId: `unlockSegments${suffix}`,
          body: SegmentUnlockBody,
          response: { 200: Type.Array(Id) },
        },
      },
      async (request): Promise<number[]> => {
        const { documentIds, segmentIds } = request.body;
        if (!documentIds && !segmentIds) {
          throw badRequest('documentIds: is required (segment ids; segmentIds is accepted too)');
        }
        return writes.unlock(request.auth.orgId, [...(documentIds ?? []), ...(segmentIds ?? [])]);
      },
    );
  }
};
