import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  DeleteSegmentResponse,
  MemoryImportResponse,
  MemoryLookupQuery,
  SegmentDeleteQuery,
  TermbaseExportResponse,
  TranslationMemoryEntry,
} from '../../shared/api/tm';
import { Id } from '../../shared/api/fields';
import { UploadTooLargeError, type BlobStore } from '../blobs/blob-store';
import { attachmentDisposition } from '../http/content-disposition';
import { badRequest, conflict, notFound, type HttpError } from '../http/http-error';
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
import { EXPORT_TERMBASE, memoryTmx } from './exports';
import { IMPORT_MEMORY } from './import-job';
import { importParameters } from './import-params';
import { DEFAULT_THRESHOLD, type TmRegistry } from './registry';
import type { Database } from '../db/db';
import type { MemoryTaskStore } from './task-queries';
import type { WorkQueue } from '../work/queue';

export interface MemoryTmRoutesOptions {
  db: Database;
  tm: TmRegistry;
  tasks: MemoryTaskStore;
  blobs: BlobStore;
  work: WorkQueue;
  maxUploadBytes: number;
  version: string;
}

const tags = ['memories'];
const ErrorRef = Type.Ref('Error');
const MemoryIdQuery = Type.Object({ id: Id });
type MemoryIdQuery = Static<typeof MemoryIdQuery>;

const memoryNotFound = (id: number) => notFound(`Memory ${id} not found`);
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

interface MemoryRow {
  id: number;
  name: string;
  srclang: string;
  trglang: string;
  srclocale: string | null;
  trglocale: string | null;
}

/** 413 for a body over the limit; the connection closes so the rest is not read in vain. */
function tooLarge(reply: FastifyReply, limit: number): HttpError {
  reply.header('connection', 'close');
  return payloadTooLarge(limit);
}

/**
 * The translation memory's content (API.md 4.6): fuzzy lookup, import, unit delete, the
 * termbase export, and our TMX export extension. Scoped to the caller's organization.
 */
export const memoryTmRoutes: FastifyPluginAsync<MemoryTmRoutesOptions> = async (app, options) => {
  const { db, tm, tasks, blobs, work, maxUploadBytes, version } = options;
  const memoryOf = db.prepare<[number, number], MemoryRow>(
    `SELECT id, name, srclang, trglang, srclocale, trglocale FROM memories
      WHERE id = ? AND org_id = ?`,
  );
  const requireMemory = (orgId: number, id: number): MemoryRow => {
    const memory = memoryOf.get(id, orgId);
    if (!memory) throw memoryNotFound(id);
    return memory;
  };

  app.get(
    '/v2/memories/query',
    {
      schema: {
        summary: 'Fuzzy lookup in a memory, best match first',
        description:
          'Matches scoring at least `threshold` (our extension, default 50), at most `n`. ' +
          "Each target carries the query's inline codes where they correspond.",
        tags,
        operationId: 'queryMemory',
        querystring: MemoryLookupQuery,
        response: { 200: Type.Array(TranslationMemoryEntry), 404: ErrorRef },
      },
    },
    async (request): Promise<TranslationMemoryEntry[]> => {
      const query = request.query as MemoryLookupQuery;
      await tm.ready(request.auth.orgId, query.id);
      const matches = tm.findMatches(request.auth.orgId, query.id, query.query, {
        n: query.n,
        threshold: query.threshold ?? DEFAULT_THRESHOLD,
      });
      if (!matches) throw memoryNotFound(query.id);
      return matches;
    },
  );

  await app.register(async (raw) => {
    acceptRawBodies(raw);
    raw.post(
      '/v2/memories/import',
      {
        validatorCompiler: skipBodyValidation(raw),
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
        requireMemory(orgId, params.memoryId);
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
        // TODO(storage): these are still synchronous better-sqlite3 calls (and a synchronous
        // enqueue); on SQLite they run on the same handle inside the commit's open transaction.
        // Move them to `tx` with this area.
        await blobs.commit(staged, async () => {
          // The memory may have gone while the bytes were arriving.
          requireMemory(orgId, params.memoryId);
          const taskId = tasks.createImport({
            memoryId: params.memoryId,
            name: params.name,
            options: { hasHeaderRow, skipDuplicates, sdlxliffFilters },
            sha256: staged.sha256,
            userId,
          });
          work.enqueue(IMPORT_MEMORY, { taskId });
        });
        return { id: params.memoryId, isProcessing: 1 };
      },
    );
  });

  app.delete(
    '/v2/memories/segment',
    {
      schema: {
        summary: 'Delete one unit from a memory',
        description: 'The unit id is `metadata.segment_id` of a lookup match.',
        tags,
        operationId: 'deleteSegmentFromMemory',
        querystring: SegmentDeleteQuery,
        response: { 200: DeleteSegmentResponse, 404: ErrorRef },
      },
    },
    async (request): Promise<DeleteSegmentResponse> => {
      const { id, segment_id: segmentId } = request.query as Static<typeof SegmentDeleteQuery>;
      requireMemory(request.auth.orgId, id);
      if (!tm.deleteUnit(id, segmentId)) {
        throw notFound(`Segment ${segmentId} not found in memory ${id}`);
      }
      return { success: true };
    },
  );

  app.post(
    '/v2/memories/termbase/export',
    {
      schema: {
        summary: "Start exporting a memory's termbase as CSV",
        description:
          'Runs in the background: poll GET /v2/memories until `is_processing` is false, then ' +
          'download. The CSV has a header row `srclang,trglang,<extra columns>`.',
        tags,
        operationId: 'exportTermbase',
        querystring: MemoryIdQuery,
        response: { 200: TermbaseExportResponse, 404: ErrorRef },
      },
    },
    async (request): Promise<TermbaseExportResponse> => {
      const { id } = request.query as MemoryIdQuery;
      const { orgId, userId } = request.auth;
      db.transaction(() => {
        requireMemory(orgId, id);
        const taskId = tasks.createTermbaseExport(id, userId);
        if (taskId !== null) work.enqueue(EXPORT_TERMBASE, { taskId });
      })();
      return { id, is_processing: 1 };
    },
  );

  app.get(
    '/v2/memories/termbase/download',
    {
      schema: {
        summary: "Download a memory's exported termbase (CSV)",
        tags,
        operationId: 'downloadTermbase',
        querystring: MemoryIdQuery,
        response: {
          200: {
            description: 'The termbase as CSV',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          404: ErrorRef,
          409: ErrorRef,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.query as MemoryIdQuery;
      const memory = requireMemory(request.auth.orgId, id);
      if (tasks.isExporting(id)) {
        throw conflict(`The termbase export of memory ${id} is still running: try again shortly`);
      }
      const sha256 = tasks.termbaseBlob(id);
      if (!sha256) {
        throw conflict(
          `Memory ${id} has no termbase export yet: POST /v2/memories/termbase/export first`,
        );
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(`${memory.name}-termbase.csv`))
        .send(blobs.read(sha256));
    },
  );

  app.get(
    '/v2/memories/export',
    {
      schema: {
        summary: 'Download a memory as TMX 1.4b (our extension)',
        description:
          'An extension beyond the public API, so that a memory is never locked in: the whole ' +
          'memory streamed as TMX 1.4b (creationtool Wordbench), inline codes as bpt/ept/ph/it, ' +
          'context as x-context-pre/x-context-post/x-context-key props.',
        tags,
        operationId: 'exportMemoryTmx',
        querystring: MemoryIdQuery,
        response: {
          200: {
            description: 'The memory as TMX 1.4b',
            content: { 'application/x-tmx+xml': { schema: { type: 'string' } } },
          },
          404: ErrorRef,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.query as MemoryIdQuery;
      const memory = requireMemory(request.auth.orgId, id);
      return reply
        .header('content-type', 'application/x-tmx+xml; charset=utf-8')
        .header('content-disposition', attachmentDisposition(`${memory.name}.tmx`))
        .send(memoryTmx(db, memory, version));
    },
  );
};
