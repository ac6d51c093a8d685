import type { FastifyPluginAsync } from 'fastify';
import { LanguagesResponse } from '../../shared/api/languages';

export interface LanguagesRoutesOptions {
  /** What the MT engines can translate; called per request, so it should cache its discovery. */
  languages: () => Promise<LanguagesResponse> | LanguagesResponse;
}

/** `GET /v2/languages` (API.md 4.10). */
export const languagesRoutes: FastifyPluginAsync<LanguagesRoutesOptions> = async (
  app,
  { languages },
) => {
  app.get(
    '/v2/languages',
    {
      schema: {
        summary: 'Language pairs the machine translation engines serve',
        tags: ['languages'],
        operationId: 'getLanguages',
        response: { 200: LanguagesResponse },
      },
    },
    async (): Promise<LanguagesResponse> => languages(),
  );
};
