import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { TermHit, TermHitsQuery } from '../../shared/api/translate';
import { notFound } from '../http/http-error';
import type { TermHitFinder } from './termbase-hits';

export interface TermbaseHitsRoutesOptions {
  termHits: TermHitFinder;
}

/** Our extension: the termbase entries of a memory that occur in a text (the editor's glossary). */
export const termbaseHitsRoutes: FastifyPluginAsync<TermbaseHitsRoutesOptions> = async (
  app,
  options,
) => {
  const { termHits } = options;

  app.get<{ Querystring: TermHitsQuery }>(
    '/v2/memories/termbase/hits',
    {
      schema: {
        summary: "The memory's termbase entries found in a text (our extension)",
        description:
          'Whole words only, case-insensitive; where terms overlap the longest wins. Hits are ' +
          'in order of first occurrence, each with all its UTF-16 `[start, end)` ranges.',
        tags: ['memories'],
        operationId: 'termbaseHits',
        querystring: TermHitsQuery,
        response: { 200: Type.Array(TermHit), 404: Type.Ref('Error') },
      },
    },
    async (request): Promise<TermHit[]> => {
      const { id, query } = request.query;
      const hits = await termHits.find(request.auth.orgId, id, query);
      if (!hits) throw notFound(`Memory ${id} not found`);
      return hits;
    },
  );
};
