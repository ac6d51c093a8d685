import type { QaIgnore, QaIgnoreBody, QaIgnoreDeleteResponse } from '../../../shared/api/qa';
import type { Gateway } from '../gateway/gateway';
import type { Handlers } from './validated';

type QaHandlers = Pick<Handlers, 'qa:list-ignores' | 'qa:ignore' | 'qa:unignore'>;

const PATH = '/v2/documents/qa-ignores';

/** The QA report's ignored warnings, kept by the server (our extension). */
export function qaHandlers(gateway: Gateway): QaHandlers {
  return {
    'qa:list-ignores': ({ document_id }) =>
      gateway.json<QaIgnore[]>({ method: 'GET', path: PATH, query: { document_id } }),

    'qa:ignore': ({ document_id, segment_id, check, target }) =>
      gateway.json<QaIgnore>({
        method: 'POST',
        path: PATH,
        query: { document_id, segment_id },
        json: { check, target } satisfies QaIgnoreBody,
      }),

    'qa:unignore': ({ document_id, segment_id, check }) =>
      gateway.json<QaIgnoreDeleteResponse>({
        method: 'DELETE',
        path: PATH,
        query: { document_id, segment_id, check },
      }),
  };
}
