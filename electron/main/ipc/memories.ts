import type { ConcordanceResponse } from '../../../shared/api/concordance';
import type { DeleteResponse, Memory } from '../../../shared/api/memories';
import type {
  DeleteSegmentResponse,
  MemoryImportResponse,
  TranslationMemoryEntry,
} from '../../../shared/api/tm';
import type { TermHit } from '../../../shared/api/translate';
import type { Gateway } from '../gateway/gateway';
import { deliver, TRANSFER_TIMEOUT_MS } from '../transfers/downloads';
import type { Uploads } from '../transfers/uploads';
import { asciiJson } from './ascii-json';
import { readTermbase } from './termbase';
import type { DeliverDownload, Handlers } from './validated';

type MemoryHandlers = Pick<
  Handlers,
  | 'memories:list'
  | 'memories:create'
  | 'memories:rename'
  | 'memories:delete'
  | 'memories:query'
  | 'memories:import'
  | 'memories:export'
  | 'memories:delete-unit'
  | 'memories:terms'
  | 'memories:term-hits'
  | 'memories:concordance'
>;

export interface MemoryHandlerDeps {
  gateway: Gateway;
  uploads: Uploads;
  deliverDownload?: DeliverDownload;
}

export function memoryHandlers({
  gateway,
  uploads,
  deliverDownload,
}: MemoryHandlerDeps): MemoryHandlers {
  return {
    'memories:list': () => gateway.json<Memory[]>({ method: 'GET', path: '/v2/memories' }),
    'memories:create': (input) =>
      gateway.json<Memory>({ method: 'POST', path: '/v2/memories', json: input }),
    'memories:rename': (input) =>
      gateway.json<Memory>({ method: 'PUT', path: '/v2/memories', json: input }),
    'memories:delete': ({ id }) =>
      gateway.json<DeleteResponse>({ method: 'DELETE', path: '/v2/memories', query: { id } }),
    'memories:query': (query) =>
      gateway.json<TranslationMemoryEntry[]>({ method: 'GET', path: '/v2/memories/query', query }),

    // Parameters travel as one LILT-API JSON header, the form the public curl examples use.
    'memories:import': (input, context) =>
      uploads.run(input, context, (upload, signal) =>
        gateway.json<MemoryImportResponse>({
          method: 'POST',
          path: '/v2/memories/import',
          headers: {
            'lilt-api': asciiJson({
              memory_id: input.memory_id,
              name: input.name,
              ...(input.has_header_row === undefined
                ? {}
                : { has_header_row: input.has_header_row }),
              ...(input.skip_duplicates === undefined
                ? {}
                : { skip_duplicates: input.skip_duplicates }),
            }),
          },
          upload,
          signal,
          timeoutMs: TRANSFER_TIMEOUT_MS,
        }),
      ),

    'memories:export': ({ id }, context) =>
      deliver(context, deliverDownload, async () => {
        const [memory] = await gateway.json<Memory[]>({
          method: 'GET',
          path: '/v2/memories',
          query: { id },
        });
        const { body, size } = await gateway.download({
          method: 'GET',
          path: '/v2/memories/export',
          query: { id },
          timeoutMs: TRANSFER_TIMEOUT_MS,
        });
        return { name: `${memory?.name ?? `memory-${id}`}.tmx`, size, body };
      }),

    'memories:delete-unit': ({ id, segment_id }) =>
      gateway.json<DeleteSegmentResponse>({
        method: 'DELETE',
        path: '/v2/memories/segment',
        query: { id, segment_id },
      }),

    'memories:terms': ({ id, limit }) => readTermbase(gateway, id, limit ?? 1000),

    'memories:term-hits': (query) =>
      gateway.json<TermHit[]>({ method: 'GET', path: '/v2/memories/termbase/hits', query }),

    'memories:concordance': (query) =>
      gateway.json<ConcordanceResponse>({ method: 'GET', path: '/v2/memories/concordance', query }),
  };
}
