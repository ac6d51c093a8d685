import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  DeleteSegmentResponse,
  MemoryLookupQuery,
  SegmentDeleteQuery,
  TermbaseExportResponse,
  TranslationMemoryEntry,
} from '../../shared/api/tm';
import { Id } from '../../shared/api/fields';
import type { BlobStore } from '../blobs/blob-store';
import { attachmentDisposition } from '../http/content-disposition';
import { conflict, notFound } from '../http/http-error';
import { EXPORT_TERMBASE, memoryTmx } from './exports';
import { memoryImportRoute } from './import-route';
import { memoryAccess, memoryNotFound } from './memory-access';
import { DEFAULT_THRESHOLD, type TmRegistry } from './registry';
import type { Storage } from '../db/storage';
import { taskQueries } from './task-queries';
import type { WorkQueue } from '../work/queue';

export interface MemoryTmRoutesOptions {
  storage: Storage;
  tm: TmRegistry;
  blobs: BlobStore;
  work: WorkQueue;
  maxUploadBytes: number;
  version: string;
}

const tags = ['memories'];
const ErrorRef = Type.Ref('Error');
const MemoryIdQuery = Type.Object({ id: Id });
type MemoryIdQuery = Static<typeof MemoryIdQuery>;

/**
 * The translation memory's content (API.md 4.6): fuzzy lookup, import, unit delete, the
 * termbase export, and our TMX export extension. Scoped to the caller's organization.
 */
export const memoryTmRoutes: FastifyPluginAsync<MemoryTmRoutesOptions> = async (app, options) => {
  const { storage, tm, blobs, work, maxUploadBytes, version } = options;
  const { dialect } = storage;
  const tasks = taskQueries(storage.db, dialect);
  const { requireMemory, lockMemory } = memoryAccess(storage);

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
      const matches = await tm.findMatches(request.auth.orgId, query.id, query.query, {
        n: query.n,
        threshold: query.threshold ?? DEFAULT_THRESHOLD,
      });
      if (!matches) throw memoryNotFound(query.id);
      return matches;
    },
  );

  await app.register(memoryImportRoute, { storage, blobs, work, maxUploadBytes });

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
      await requireMemory(request.auth.orgId, id);
      if (!(await tm.deleteUnit(id, segmentId))) {
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
      await storage.transaction(async (tx) => {
        // Locked on PostgreSQL: two requests cannot both start an export.
        await lockMemory(tx, orgId, id);
        const taskId = await taskQueries(tx, dialect).createTermbaseExport(id, userId);
        if (taskId !== null) await work.enqueueIn(tx, EXPORT_TERMBASE, { taskId });
      });
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
      const memory = await requireMemory(request.auth.orgId, id);
      if (await tasks.isExporting(id)) {
        throw conflict(`The termbase export of memory ${id} is still running: try again shortly`);
      }
      const sha256 = await tasks.termbaseBlob(id);
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
      const memory = await requireMemory(request.auth.orgId, id);
      return reply
        .header('content-type', 'application/x-tmx+xml; charset=utf-8')
        .header('content-disposition', attachmentDisposition(`${memory.name}.tmx`))
        .send(memoryTmx(storage, memory, version));
    },
  );
};
