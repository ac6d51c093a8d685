import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  DeleteResponse,
  Memory,
  MemoryCreateParameters,
  MemoryDeleteQuery,
  MemoryQuery,
  MemoryUpdateParameters,
} from '../../shared/api/memories';
import type { BlobStore } from '../blobs/blob-store';
import { conflict, notFound } from '../http/http-error';
import type { TermHitFinder } from './termbase-hits';
import type { TmRegistry } from './registry';
import type { Storage } from '../db/storage';
import { createMemoryStore } from './queries';

export interface MemoriesRoutesOptions {
  storage: Storage;
  /** The deleted memory's index is dropped. */
  tm: TmRegistry;
  /** Its cached matcher of a deleted memory is forgotten. */
  termHits: TermHitFinder;
  /** The deleted memory's blobs (pending imports, its termbase export) are released. */
  blobs: BlobStore;
}

const ErrorRef = Type.Ref('Error');
const tags = ['memories'];

const memoryNotFound = (id: number) => notFound(`Memory ${id} not found`);

/** `/v2/memories` (API.md 4.6): create, list, rename and delete the organization's memories. */
export const memoriesRoutes: FastifyPluginAsync<MemoriesRoutesOptions> = async (
  app,
  { storage, tm, termHits, blobs },
) => {
  const memories = createMemoryStore(storage);

  app.post<{ Body: MemoryCreateParameters }>(
    '/v2/memories',
    {
      schema: {
        summary: 'Create a memory',
        tags,
        operationId: 'createMemory',
        body: MemoryCreateParameters,
        response: { 200: Memory },
      },
    },
    async (request): Promise<Memory> => memories.create(request.auth.orgId, request.body),
  );

  app.get<{ Querystring: MemoryQuery }>(
    '/v2/memories',
    {
      schema: {
        summary: 'List memories, or get one by id (still as an array)',
        tags,
        operationId: 'getMemories',
        querystring: MemoryQuery,
        response: { 200: Type.Array(Memory), 404: ErrorRef },
      },
    },
    async (request): Promise<Memory[]> => {
      const { id } = request.query;
      if (id === undefined) return memories.list(request.auth.orgId);
      const memory = await memories.get(request.auth.orgId, id);
      if (!memory) throw memoryNotFound(id);
      return [memory];
    },
  );

  app.put<{ Body: MemoryUpdateParameters }>(
    '/v2/memories',
    {
      schema: {
        summary: 'Rename a memory',
        tags,
        operationId: 'updateMemory',
        body: MemoryUpdateParameters,
        response: { 200: Memory, 404: ErrorRef },
      },
    },
    async (request): Promise<Memory> => {
      const { id, name } = request.body;
      const memory = await memories.rename(request.auth.orgId, id, name);
      if (!memory) throw memoryNotFound(id);
      return memory;
    },
  );

  app.delete<{ Querystring: MemoryDeleteQuery }>(
    '/v2/memories',
    {
      schema: {
        summary: 'Delete a memory that no project uses',
        tags,
        operationId: 'deleteMemory',
        querystring: MemoryDeleteQuery,
        response: { 200: DeleteResponse, 404: ErrorRef, 409: ErrorRef },
      },
    },
    async (request): Promise<DeleteResponse> => {
      const { id } = request.query;
      const result = await memories.remove(request.auth.orgId, id);
      if (result.status === 'not-found') throw memoryNotFound(id);
      if (result.status === 'in-use') {
        const { projectCount: n } = result;
        throw conflict(
          `Memory ${id} is used by ${n} project${n === 1 ? '' : 's'}; delete ${n === 1 ? 'it' : 'them'} first`,
        );
      }
      tm.drop(id);
      termHits.forget(id);
      for (const sha256 of result.blobs) await blobs.release(sha256);
      return { id, deleted: true };
    },
  );
};
