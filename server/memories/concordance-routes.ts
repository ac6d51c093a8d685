import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ConcordanceQuery, ConcordanceResponse } from '../../shared/api/concordance';
import type { Storage } from '../db/storage';
import { createConcordance } from './concordance';
import { memoryNotFound } from './memory-access';
import type { TmRegistry } from './registry';

/** How soon a client asks again while a memory is being indexed. */
const INDEXING_RETRY_SECONDS = 2;

const count = (n: number) => n.toLocaleString('en-US');

/** "Indexing the memory for concordance: 340,000 of 1,000,000 units". */
export const indexingMessage = (done: number, total: number) =>
  `Indexing the memory for concordance: ${count(done)} of ${count(total)} units`;

export interface ConcordanceRoutesOptions {
  storage: Storage;
  tm: TmRegistry;
}

/** Our extension: concordance search, beside the spec's fuzzy `GET /v2/memories/query`. */
export const concordanceRoutes: FastifyPluginAsync<ConcordanceRoutesOptions> = async (
  app,
  options,
) => {
  const concordance = createConcordance(options.storage, options.tm);

  app.get<{ Querystring: ConcordanceQuery }>(
    '/v2/memories/concordance',
    {
      schema: {
        summary: 'The units holding a word or phrase (our extension)',
        description:
          'Whole words, case- and accent-insensitive; a phrase is its words consecutive and in ' +
          'order (punctuation between them is skipped). Looks in the source (`in=source`, the ' +
          'default), the target or both. Best first: fewest words on the side holding the ' +
          'phrase, then the newest unit; each hit with its UTF-16 `[start, end)` ranges. ' +
          '`capped` is true when the search stopped after looking at 200,000 units (those ' +
          'holding the rarest word of the phrase, shortest first): longer units may be missing.',
        tags: ['memories'],
        operationId: 'memoryConcordance',
        querystring: ConcordanceQuery,
        response: {
          200: ConcordanceResponse,
          400: Type.Ref('Error'),
          404: Type.Ref('Error'),
          503: Type.Ref('Error', {
            description:
              'The memory is being indexed for concordance (its first search starts it): ask ' +
              'again after `Retry-After` seconds',
          }),
        },
      },
    },
    async (request, reply): Promise<ConcordanceResponse> => {
      const { id, q, n = 20, in: side = 'source' } = request.query;
      const answer = await concordance(request.auth.orgId, id, { q, n, in: side });
      if (!answer) throw memoryNotFound(id);
      if (!('indexing' in answer)) return answer;
      const { done, total } = answer.indexing;
      return reply
        .code(503)
        .header('retry-after', INDEXING_RETRY_SECONDS)
        .send({ message: indexingMessage(done, total) });
    },
  );
};
