import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ConcordanceQuery, ConcordanceResponse } from '../../shared/api/concordance';
import type { Storage } from '../db/storage';
import { createConcordance } from './concordance';
import { memoryNotFound } from './memory-access';
import type { TmRegistry } from './registry';

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
        response: { 200: ConcordanceResponse, 400: Type.Ref('Error'), 404: Type.Ref('Error') },
      },
    },
    async (request): Promise<ConcordanceResponse> => {
      const { id, q, n = 20, in: side = 'source' } = request.query;
      const answer = await concordance(request.auth.orgId, id, { q, n, in: side });
      if (!answer) throw memoryNotFound(id);
      return answer;
    },
  );
};
