import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { DomainList, type Domain } from '../../shared/api/domains';
import type { MtEngine } from '../mt/engine';
import { DEFAULT_DOMAIN, FILTER_CONFIGS } from './filter-configs';
import { mtModels } from './models';

export interface DomainsRoutesOptions {
  /** The MT engine whose installed pairs serve the domain; null, none. */
  mt: MtEngine | null;
}

/**
 * `GET /v3/domains` (API.md 4.11): the default domain, with the default filter configuration of
 * every document format and the installed MT pairs. The key may come in the `key` header, as the
 * newer SDK sends it, or any other way the server accepts (http/auth.ts).
 */
export const domainsRoutes: FastifyPluginAsync<DomainsRoutesOptions> = async (app, { mt }) => {
  app.get(
    '/v3/domains',
    {
      schema: {
        summary: 'Domains: filter configurations and MT models',
        description:
          'One domain, General (id 1): the default filter configuration of each document format ' +
          '(its `id` is the `configId` of POST /v2/translate/file and the `config_id` of ' +
          'POST /v2/documents/files) and the installed Apertium pairs. `settings` on each ' +
          'configuration is our extension: what it sets (`tmThreshold` for file translation, ' +
          "CSV's columns).",
        tags: ['domains'],
        operationId: 'getDomains',
        response: { 200: DomainList, 404: Type.Ref('Error') },
      },
    },
    async (): Promise<DomainList> => {
      const domain: Domain = {
        domainId: DEFAULT_DOMAIN.id,
        domainName: DEFAULT_DOMAIN.name,
        models: await mtModels(mt),
        filterConfigs: [...FILTER_CONFIGS],
        domainMetadata: [],
      };
      return { items: [domain], size: 1 };
    },
  );
};
