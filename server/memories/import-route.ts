import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { MemoryImportResponse } from '../../shared/api/tm';
import { UploadTooLargeError, type BlobStore } from '../blobs/blob-store';
import type { Storage } from '../db/storage';
import { badRequest, type HttpError } from '../http/http-error';
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
import type { WorkQueue } from '../work/queue';
import { IMPORT_MEMORY } from './import-job';
import { importParameters } from './import-params';
import { memoryAccess } from './memory-access';
import { taskQueries } from './task-queries';

export interface MemoryImportRouteOptions {
  storage: Storage;
  blobs: BlobStore;
  work: WorkQueue;
  maxUploadBytes: number;
}

const tags = ['memories'];
const ErrorRef = Type.Ref('Error');
const NO_BYTES = 'The request has no file bytes: send the file as the body';

const importHeaders = Type.Object({
  memory_id: Type.Optional(Type.String({ description: 'The memory to import into (required)' })),
  name: Type.Optional(
    Type.String({ description: 'The file name; with the content it picks the format (required)' }),
  ),
  has_header_row: Type.Optional(Type.String({ description: 'CSV/TSV: the first row is a header' })),
  skip_duplicates: Type.Optional(
    Type.String({ description: 'Skip units whose source and target the memory already has' }),
  ),
  sdlxliff_filters: Type.Optional(
    Type.String({ description: 'SDLXLIFF: a JSON array of SDLXLIFFFilter' }),
  ),
  'lilt-api': Type.Optional(
    Type.String({
      description: 'All the parameters above as one JSON object (non-ASCII as \\uXXXX)',
    }),
  ),
});

/** 413 for a body over the limit; the connection closes so the rest is not read in vain. */
function tooLarge(reply: FastifyReply, limit: number): HttpError {
  reply.header('connection', 'close');
  return payloadTooLarge(limit);
}

/** `POST /v2/memories/import` (API.md 4.6): the raw file as the body, queued for import-job.ts. */
export const memoryImportRoute: FastifyPluginAsync<MemoryImportRouteOptions> = async (
  app,
  options,
) => {
  const { storage, blobs, work, maxUploadBytes } = options;
  const { requireMemory, lockMemory } = memoryAccess(storage);

  acceptRawBodies(app);
  app.post(
    '/v2/memories/import',
    {
      validatorCompiler: skipBodyValidation(app),
      schema: {
        summary: 'Import a TMX, XLIFF, SDLXLIFF, CSV/TSV or TBX file into a memory',
        description:
          'The raw file is the body; the parameters are headers, or one LILT-API JSON header. ' +
          'The file is stored, then imported in the background: the memory is `is_processing` ' +
          'until done, and `last_import_error` says why a bad file was refused (the memory ' +
          'is then unchanged). TBX and a CSV/TSV with a `term` column go to the termbase.',
        tags,
        operationId: 'importMemoryFile',
        headers: importHeaders,
        body: binaryBody,
        response: { 200: MemoryImportResponse, 404: ErrorRef, 413: ErrorRef },
      },
    },
    async (request, reply): Promise<MemoryImportResponse> => {
      const { orgId, userId } = request.auth;
      // Everything is checked before a byte of the body is read.
      const params = importParameters(request.headers);
      await requireMemory(orgId, params.memoryId);
      const length = declaredLength(request);
      if (length !== null && length > maxUploadBytes) throw tooLarge(reply, maxUploadBytes);
      const body = rawBody(request);
      if (!body || length === 0) throw badRequest(NO_BYTES);
      let staged;
      try {
        staged = await blobs.stage(body, maxUploadBytes);
      } catch (error) {
        if (error instanceof UploadTooLargeError) throw tooLarge(reply, error.limit);
        if (isClientAbort(error)) throw interrupted();
        throw error;
      }
      if (staged.size === 0) {
        blobs.discard(staged);
        throw badRequest(NO_BYTES);
      }
      const { hasHeaderRow, skipDuplicates, sdlxliffFilters } = params;
      await blobs.commit(staged, async (tx) => {
        // The memory may have gone while the bytes were arriving.
        await lockMemory(tx, orgId, params.memoryId);
        const taskId = await taskQueries(tx, storage.dialect).createImport({
          memoryId: params.memoryId,
          name: params.name,
          options: { hasHeaderRow, skipDuplicates, sdlxliffFilters },
          sha256: staged.sha256,
          userId,
        });
        await work.enqueueIn(tx, IMPORT_MEMORY, { taskId });
      });
      return { id: params.memoryId, isProcessing: 1 };
    },
  );
};
