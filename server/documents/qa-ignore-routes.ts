import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  QaIgnore,
  QaIgnoreBody,
  QaIgnoreDeleteQuery,
  QaIgnoreDeleteResponse,
  QaIgnoreListQuery,
  QaIgnorePlaceQuery,
} from '../../shared/api/qa';
import type { Storage } from '../db/storage';
import { nowSeconds } from '../db/time';
import { notFound } from '../http/http-error';
import { qaIgnoreQueries, type QaIgnoreQueries } from './qa-ignore-queries';

export interface QaIgnoreRoutesOptions {
  storage: Storage;
}

const tags = ['documents'];
const ErrorRef = Type.Ref('Error');
const PATH = '/v2/documents/qa-ignores';

interface Place {
  orgId: number;
  documentId: number;
  segmentId?: number;
  /** Lock the segment against a delete until the transaction ends (PostgreSQL). */
  lock?: boolean;
}

/** 404 unless the document (and segment) is a shown one of the caller's organization. */
async function checkPlace(q: QaIgnoreQueries, place: Place) {
  const { orgId, documentId, segmentId } = place;
  if (!(await q.documentVisible(orgId, documentId))) {
    throw notFound(`Document ${documentId} not found`);
  }
  if (segmentId === undefined) return;
  if (!(await q.segmentInDocument(segmentId, documentId, place.lock))) {
    throw notFound(`Segment ${segmentId} not found in document ${documentId}`);
  }
}

/**
 * Our extension: the QA warnings reviewers ignored in a document (the editor's QA report), kept
 * per segment and check with the target they were ignored on, so every machine sees the same.
 * Scoped to the caller's organization; foreign ids answer like unknown ones (404).
 */
export const qaIgnoreRoutes: FastifyPluginAsync<QaIgnoreRoutesOptions> = async (app, options) => {
  const { storage } = options;

  app.get(
    PATH,
    {
      schema: {
        summary: "A document's ignored QA warnings (our extension)",
        description:
          "By segment, then check. An ignore applies while the segment's target is still its " +
          '`target`; clients show the warning again once the target changes.',
        tags,
        operationId: 'listQaIgnores',
        querystring: QaIgnoreListQuery,
        response: { 200: Type.Array(QaIgnore), 404: ErrorRef },
      },
    },
    async (request): Promise<QaIgnore[]> => {
      const { document_id: documentId } = request.query as Static<typeof QaIgnoreListQuery>;
      return storage.snapshot(async (tx) => {
        const q = qaIgnoreQueries(tx);
        await checkPlace(q, { orgId: request.auth.orgId, documentId });
        return q.listByDocument(documentId);
      });
    },
  );

  app.post<{ Body: QaIgnoreBody }>(
    PATH,
    {
      schema: {
        summary: 'Ignore a QA warning of a segment (our extension)',
        description:
          '`check` is the warning kind, `target` the segment target it is ignored on (the text ' +
          'the reviewer saw, a draft included). One ignore per segment and check: a second one ' +
          'replaces the first.',
        tags,
        operationId: 'createQaIgnore',
        querystring: QaIgnorePlaceQuery,
        body: QaIgnoreBody,
        response: { 200: QaIgnore, 404: ErrorRef },
      },
    },
    async (request): Promise<QaIgnore> => {
      const query = request.query as Static<typeof QaIgnorePlaceQuery>;
      const { orgId, userId } = request.auth;
      return storage.transaction(async (tx) => {
        const q = qaIgnoreQueries(tx);
        await checkPlace(q, {
          orgId,
          documentId: query.document_id,
          segmentId: query.segment_id,
          lock: storage.dialect === 'postgres',
        });
        return q.upsert({
          orgId,
          documentId: query.document_id,
          segmentId: query.segment_id,
          check: request.body.check,
          target: request.body.target,
          userId,
          now: nowSeconds(),
        });
      });
    },
  );

  app.delete(
    PATH,
    {
      schema: {
        summary: 'Show an ignored QA warning again (our extension)',
        description: '`deleted` is false when the warning was not ignored.',
        tags,
        operationId: 'deleteQaIgnore',
        querystring: QaIgnoreDeleteQuery,
        response: { 200: QaIgnoreDeleteResponse, 404: ErrorRef },
      },
    },
    async (request): Promise<QaIgnoreDeleteResponse> => {
      const query = request.query as Static<typeof QaIgnoreDeleteQuery>;
      return storage.transaction(async (tx) => {
        const q = qaIgnoreQueries(tx);
        await checkPlace(q, {
          orgId: request.auth.orgId,
          documentId: query.document_id,
          segmentId: query.segment_id,
        });
        return { deleted: await q.remove(query.segment_id, query.check) };
      });
    },
  );
};
