import type { DeleteResponse } from '../../../shared/api/memories';
import type { Project } from '../../../shared/api/projects';
import type { Gateway } from '../gateway/gateway';
import { GatewayError } from '../gateway/gateway-error';
import type { Handlers } from './validated';

type ProjectHandlers = Pick<
  Handlers,
  'projects:list' | 'projects:create' | 'projects:update' | 'projects:delete'
>;

export function projectHandlers(gateway: Gateway): ProjectHandlers {
  return {
    'projects:list': (query) =>
      gateway.json<Project[]>({ method: 'GET', path: '/v2/projects', query }),
    'projects:create': (input) =>
      gateway.json<Project>({ method: 'POST', path: '/v2/projects', json: input }),
    'projects:update': async (input) => {
      try {
        return await gateway.json<Project>({ method: 'PUT', path: '/v2/projects', json: input });
      } catch (error) {
        throw await explainRefusedUpdate(gateway, input.id, error);
      }
    },
    'projects:delete': ({ id }) =>
      gateway.json<DeleteResponse>({ method: 'DELETE', path: '/v2/projects', query: { id } }),
  };
}

/**
 * The project PUT is a legacy route that hosted services may not serve. A 405/501, or a 404 for a
 * project that does exist, means the route is missing, which the board must say plainly.
 */
async function explainRefusedUpdate(
  gateway: Gateway,
  id: number,
  error: unknown,
): Promise<unknown> {
  if (!(error instanceof GatewayError)) return error;
  let isRouteMissing = error.status === 405 || error.status === 501;
  if (error.status === 404) {
    const found = await gateway
      .json<Project[]>({ method: 'GET', path: '/v2/projects', query: { id } })
      .catch(() => []);
    isRouteMissing = found.some((project) => project.id === id);
  }
  if (!isRouteMissing) return error;
  return new GatewayError({
    code: 'unsupported',
    status: error.status,
    message: 'This server does not support moving projects.',
    hint: 'It does not serve PUT /v2/projects; change the state in the service itself.',
  });
}
