import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  DocumentDeleteResponse,
  DocumentDownloadQuery,
  DocumentGetQuery,
  DocumentWithSegments,
  MAX_DOCUMENT_BYTES,
} from '../../shared/api/documents';
import type { Segment } from '../../shared/api/segments';
import { describeDocumentLimits } from './document-caps';
import { documentJson } from './document-json';
import type { DocumentRecords } from './document-store';
import type { DocumentPool } from './document-pool';
import { documentFile } from './download';
import { DocumentTooLargeError, readBody } from './read-document';
import { documentUploadParameters } from './upload-params';
import { attachmentDisposition } from '../http/content-disposition';
import { HttpError, badRequest, notFound } from '../http/http-error';
import {
  acceptRawBodies,
  binaryBody,
  declaredLength,
  interrupted,
  isClientAbort,
  payloadTooLarge,
  rawBody,
  skipBodyValidation,
} from '../http/raw-body';

export interface DocumentsRoutesOptions {
  records: DocumentRecords;
  /** Reads and writes documents off the event loop (server/documents/document-pool.ts). */
  pool: DocumentPool;
  /** Largest document body (default MAX_DOCUMENT_BYTES); tests lower it. */
  maxBytes?: number;
}

const tags = ['documents'];
const ErrorRef = Type.Ref('Error');
const documentNotFound = (id: number) => notFound(`Document ${id} not found`);
const projectNotFound = (id: number) => notFound(`Project ${id} not found`);

const uploadHeaders = Type.Object({
  name: Type.Optional(
    Type.String({ description: 'The file name, US-ASCII or URI-encoded (required)' }),
  ),
  project_id: Type.Optional(Type.String({ description: 'The project to add it to (required)' })),
  pretranslate: Type.Optional(
    Type.String({ description: 'TM or TM+MT: fill untranslated segments' }),
  ),
  auto_accept: Type.Optional(Type.String({ description: 'Confirm pretranslated 100% TM matches' })),
  case_sensitive: Type.Optional(
    Type.String({
      description:
        'Pretranslation: a 100/101 TM match whose source differs in case is filled as a draft at 99',
    }),
  ),
  match_attribution: Type.Optional(
    Type.String({
      description:
        "Pretranslation: a segment filled from the memory names the matched unit's author",
    }),
  ),
  config_id: Type.Optional(
    Type.String({ description: 'A filter configuration (GET /v3/domains); unknown: 400' }),
  ),
  'lilt-api': Type.Optional(
    Type.String({
      description: 'All the parameters above as one JSON object (non-ASCII as \\uXXXX)',
    }),
  ),
});

function tooLarge(reply: FastifyReply, limit: number): HttpError {
  reply.header('connection', 'close');
  return payloadTooLarge(limit);
}

/**
 * Documents (API.md 4.7): upload a file as a project's document (its segments read by the format
 * filters, optionally pretranslated in the background), download it as XLIFF or in its own
 * format, and our extensions to read and delete one. Scoped to the caller's organization.
 */
export const documentsRoutes: FastifyPluginAsync<DocumentsRoutesOptions> = async (app, options) => {
  const { records, pool } = options;
  const downloads = {
    pool,
    page: records.segments.pageByDocument,
    skeletonJson: records.skeletonJson,
  };
  const maxBytes = options.maxBytes ?? MAX_DOCUMENT_BYTES;

  async function projectOf(orgId: number, id: number) {
    const project = await records.project(orgId, id);
    if (!project) throw projectNotFound(id);
    return project;
  }

  /** Answers a document with its segments, streamed a page at a time; 404 when it is not there. */
  async function sendDocument(reply: FastifyReply, orgId: number, id: number) {
    const header = await records.header(orgId, id);
    if (!header) throw documentNotFound(id);
    const pages = (after: Segment | null, limit: number) =>
      records.segments.pageByDocument(id, after, limit);
    return reply.type('application/json; charset=utf-8').send(documentJson(header, pages));
  }

  await app.register(async (raw) => {
    acceptRawBodies(raw);
    raw.post(
      '/v2/documents/files',
      {
        validatorCompiler: skipBodyValidation(raw),
        schema: {
          summary: 'Upload a file as a document of a project',
          description:
            'The raw file is the body; the parameters are headers, or one LILT-API JSON header. ' +
            'Formats: plain text, XLIFF 1.2 and 2.0, PO, JSON. Targets in the file are kept (a ' +
            'final one confirmed, a fuzzy one as a draft). With `pretranslate` the answer is ' +
            '`is_pretranslating` and the segments are filled in the background. Limits (413 ' +
            `naming the one passed, nothing stored): ${describeDocumentLimits()}.`,
          tags,
          operationId: 'uploadDocumentFile',
          headers: uploadHeaders,
          body: binaryBody,
          response: { 200: DocumentWithSegments, 404: ErrorRef, 413: ErrorRef, 415: ErrorRef },
        },
      },
      async (request, reply) => {
        const { orgId } = request.auth;
        // Everything is checked before a byte of the body is read.
        const params = documentUploadParameters(request.headers);
        await projectOf(orgId, params.projectId);
        const length = declaredLength(request);
        if (length !== null && length > maxBytes) throw tooLarge(reply, maxBytes);
        const body = rawBody(request);
        let bytes: Buffer = Buffer.alloc(0);
        try {
          if (body) bytes = await readBody(body, maxBytes);
        } catch (error) {
          if (error instanceof DocumentTooLargeError) throw tooLarge(reply, maxBytes);
          if (isClientAbort(error)) throw interrupted();
          throw error;
        }
        if (bytes.length === 0)
          throw badRequest('The request has no file bytes: send the file as the body');
        const read = await pool.extract(
          params.name,
          bytes,
          await projectOf(orgId, params.projectId),
        );
        // The project may have gone while the bytes arrived, the file was read, or it was stored.
        const project = await projectOf(orgId, params.projectId);
        const id = await records.importDocument({
          orgId,
          project,
          name: params.name,
          ...read,
          pretranslate: params.pretranslate,
          autoAccept: params.autoAccept,
          caseSensitive: params.caseSensitive,
          matchAttribution: params.matchAttribution,
          pretranslateThreshold: params.pretranslateThreshold,
        });
        if (id === null) throw projectNotFound(params.projectId);
        return sendDocument(reply, orgId, id);
      },
    );
  });

  app.get(
    '/v2/documents',
    {
      schema: {
        summary: 'A document with its segments (our extension)',
        tags,
        operationId: 'getDocument',
        querystring: DocumentGetQuery,
        response: { 200: DocumentWithSegments, 404: ErrorRef },
      },
    },
    async (request, reply) => {
      const { id } = request.query as Static<typeof DocumentGetQuery>;
      return sendDocument(reply, request.auth.orgId, id);
    },
  );

  app.delete(
    '/v2/documents',
    {
      schema: {
        summary: 'Delete a document with its segments (our extension)',
        description:
          'Units already written into the memory stay there. A running pretranslation ends.',
        tags,
        operationId: 'deleteDocument',
        querystring: DocumentGetQuery,
        response: { 200: DocumentDeleteResponse, 404: ErrorRef },
      },
    },
    async (request): Promise<DocumentDeleteResponse> => {
      const { id } = request.query as Static<typeof DocumentGetQuery>;
      if (!(await records.remove(request.auth.orgId, id))) throw documentNotFound(id);
      return { id, deleted: true };
    },
  );

  app.get(
    '/v2/documents/files',
    {
      schema: {
        summary: 'Download a document: XLIFF 1.2 (default) or its own format with the targets',
        tags,
        operationId: 'downloadDocumentFile',
        querystring: DocumentDownloadQuery,
        response: {
          200: {
            description: "The document's bytes",
            content: {
              'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
            },
          },
          404: ErrorRef,
          502: ErrorRef,
        },
      },
    },
    async (request, reply) => {
      const { id, is_xliff: isXliff = true } = request.query as Static<
        typeof DocumentDownloadQuery
      >;
      const { orgId } = request.auth;
      const document = await records.ref(orgId, id);
      if (!document) throw documentNotFound(id);
      if (document.is_pretranslating) {
        throw new HttpError(
          502,
          `Document ${id} is being pretranslated: try again when it is done`,
        );
      }
      const file = await documentFile(downloads, document, isXliff ? 'xliff' : 'original');
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    },
  );
};
