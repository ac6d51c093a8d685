import { open } from 'node:fs/promises';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  AddFileLabelRequest,
  FileDeleteResponse,
  FileIdQuery,
  FileLabelQuery,
  FileListQuery,
  FileUploadQuery,
  SourceFile,
} from '../../shared/api/files';
import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import { UploadTooLargeError, type BlobStore } from '../blobs/blob-store';
import { checkFileName } from '../http/file-name';
import { NO_BYTES_MESSAGE, type FileService } from './file-service';
import { checkLabel, parseLabelList } from './labels';
import { attachmentDisposition } from '../http/content-disposition';
import type { HttpError } from '../http/http-error';
import { badRequest, notFound } from '../http/http-error';
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
import type { FileStore } from './queries';

export interface FilesRoutesOptions {
  files: FileStore;
  blobs: BlobStore;
  service: FileService;
  maxUploadBytes: number;
}

const fileNotFound = (id: number) => notFound(`File ${id} not found`);

/** 413 for a body over the limit; the connection closes so the rest is not read in vain. */
function tooLarge(reply: FastifyReply, limit: number): HttpError {
  reply.header('connection', 'close');
  return payloadTooLarge(limit);
}

const binaryResponse = {
  description: "The file's bytes",
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
};

/** Files (API.md 4.2): upload, list, download, delete and labels, scoped to the caller's organization. */
export const filesRoutes: FastifyPluginAsync<FilesRoutesOptions> = async (app, options) => {
  const { files, blobs, service, maxUploadBytes } = options;

  // The upload route gets the raw body stream; the other routes keep the JSON parser.
  await app.register(async (raw) => {
    acceptRawBodies(raw);
    raw.post(
      '/v2/files',
      {
        validatorCompiler: skipBodyValidation(raw),
        schema: {
          summary: 'Upload a file (raw bytes as the body; streamed to disk)',
          tags: ['files'],
          operationId: 'uploadFile',
          querystring: FileUploadQuery,
          body: binaryBody,
          response: { 201: SourceFile },
        },
      },
      async (request, reply) => {
        const query = request.query as Static<typeof FileUploadQuery>;
        const { orgId, userId } = request.auth;
        // Everything is checked before a byte of the body is read.
        const name = checkFileName(query.name);
        const labels = parseLabelList(query.labels);
        const projectId = query.project_id ?? null;
        if (projectId !== null && !(await files.projectExists(orgId, projectId))) {
          throw notFound(`Project ${projectId} not found`);
        }
        const length = declaredLength(request);
        if (length !== null && length > maxUploadBytes) throw tooLarge(reply, maxUploadBytes);
        const body = rawBody(request);
        if (!body || length === 0) throw badRequest(NO_BYTES_MESSAGE);
        try {
          const file = await service.store(
            body,
            {
              orgId,
              userId,
              projectId,
              name,
              fileHash: query.file_hash,
              category: query.category ?? 'API',
              labels,
              detectLanguage: query.langId === true,
            },
            { maxBytes: maxUploadBytes },
          );
          return reply.code(201).send(file);
        } catch (error) {
          if (error instanceof UploadTooLargeError) throw tooLarge(reply, error.limit);
          if (isClientAbort(error)) throw interrupted();
          throw error;
        }
      },
    );
  });

  app.get(
    '/v2/files',
    {
      schema: {
        summary: "One file by id, or the organization's files having all the given labels",
        tags: ['files'],
        operationId: 'getFiles',
        querystring: FileListQuery,
        response: { 200: Type.Array(SourceFile) },
      },
    },
    async (request): Promise<SourceFile[]> => {
      const query = request.query as Static<typeof FileListQuery>;
      const labels = parseLabelList(query.labels);
      const { orgId } = request.auth;
      if (query.id === undefined) return files.list(orgId, labels);
      const file = await files.get(orgId, query.id);
      if (!file) throw fileNotFound(query.id);
      return labels.every((label) => file.labels.includes(label)) ? [file] : [];
    },
  );

  app.get(
    '/v2/files/download',
    {
      schema: {
        summary: "Download a file's bytes (streamed, with its original name)",
        tags: ['files'],
        operationId: 'downloadFile',
        querystring: FileIdQuery,
        response: { 200: binaryResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.query as Static<typeof FileIdQuery>;
      const blob = await files.blobOf(request.auth.orgId, id);
      if (!blob) throw fileNotFound(id);
      // Opened before answering: a file deleted a moment ago is a 404, not a broken stream.
      const handle = await open(blobs.pathOf(blob.sha256), 'r').catch(() => null);
      if (!handle) throw fileNotFound(id);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', blob.size)
        .header('content-disposition', attachmentDisposition(blob.name))
        .send(handle.createReadStream());
    },
  );

  app.delete(
    '/v2/files',
    {
      schema: {
        summary: 'Delete a file (its bytes go when no other file has the same content)',
        tags: ['files'],
        operationId: 'deleteFile',
        querystring: FileIdQuery,
        response: { 200: FileDeleteResponse },
      },
    },
    async (request) => {
      const { id } = request.query as Static<typeof FileIdQuery>;
      if (!(await service.remove(request.auth.orgId, id))) throw fileNotFound(id);
      return { id, deleted: true };
    },
  );

  app.post(
    '/v2/files/labels',
    {
      schema: {
        summary: 'Add a label to a file (adding one it has changes nothing)',
        tags: ['files'],
        operationId: 'addLabel',
        querystring: FileIdQuery,
        body: AddFileLabelRequest,
        response: { 204: Type.Null({ description: 'Added' }) },
      },
    },
    async (request, reply) => {
      const { id } = request.query as Static<typeof FileIdQuery>;
      const name = checkLabel((request.body as Static<typeof AddFileLabelRequest>).name);
      if (!(await files.addLabel(request.auth.orgId, id, name))) throw fileNotFound(id);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/v2/files/labels',
    {
      schema: {
        summary: 'Remove a label from a file',
        tags: ['files'],
        operationId: 'removeLabel',
        querystring: FileLabelQuery,
        response: { 204: Type.Null({ description: 'Removed' }) },
      },
    },
    async (request, reply) => {
      const query = request.query as Static<typeof FileLabelQuery>;
      const name = checkLabel(query.name);
      const outcome = await files.removeLabel(request.auth.orgId, query.id, name);
      if (outcome === 'no-file') throw fileNotFound(query.id);
      if (outcome === 'no-label') throw notFound(`File ${query.id} has no label "${name}"`);
      return reply.code(204).send();
    },
  );
};
