import type { DeleteResponse, Memory } from '../../../shared/api/memories';
import type { Gateway } from '../gateway/gateway';
import type { Handlers } from './validated';

type MemoryHandlers = Pick<
  Handlers,
  'memories:list' | 'memories:create' | 'memories:rename' | 'memories:delete'
>;

export function memoryHandlers(gateway: Gateway): MemoryHandlers {
  return {
    'memories:list': () => gateway.json<Memory[]>({ method: 'GET', path: '/v2/memories' }),
    'memories:create': (input) =>
      gateway.json<Memory>({ method: 'POST', path: '/v2/memories', json: input }),
    'memories:rename': (input) =>
      gateway.json<Memory>({ method: 'PUT', path: '/v2/memories', json: input }),
    'memories:delete': ({ id }) =>
      gateway.json<DeleteResponse>({ method: 'DELETE', path: '/v2/memories', query: { id } }),
  };
}
