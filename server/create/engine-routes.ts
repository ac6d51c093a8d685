import type { FastifyPluginAsync } from 'fastify';
import { CreateEngine, CreateEngineUpdate } from '../../shared/api/create';
import type { CreateService } from './service';
import { BASE, ErrorRef, tags } from './routes';

const ENGINE_NOTE =
  'Our extension. `openai`: an OpenAI-compatible server (`baseUrl` up to the version, such as ' +
  'http://127.0.0.1:11434/v1 for Ollama; `model`; `apiKey` optional, never answered: ' +
  '`hasApiKey` says whether one is set). `llama`: a GGUF model file on the server, run embedded. ' +
  "`none`: no generation (409). `source` says whether the setting is the organization's or the " +
  "server's default (--create-engine-url and --create-engine-model, or --create-model-file).";

/** `/v2/create/engine` (our extension): the organization's text generation engine. */
export const createEngineRoutes: FastifyPluginAsync<{ service: CreateService }> = async (
  app,
  { service },
) => {
  app.get(
    `${BASE}/engine`,
    {
      schema: {
        summary: 'The engine Create generates with',
        description: ENGINE_NOTE,
        tags,
        operationId: 'getCreateEngine',
        response: { 200: CreateEngine },
      },
    },
    async (request) => service.engine(request.auth.orgId),
  );

  app.put<{ Body: CreateEngineUpdate }>(
    `${BASE}/engine`,
    {
      schema: {
        summary: 'Set the engine Create generates with',
        description:
          `${ENGINE_NOTE} PUT \`{"kind": "default"}\` to use the server's default again. An ` +
          '`apiKey` left out is kept while `baseUrl` stays the same; `null` removes it. A team ' +
          'server (PostgreSQL) refuses `llama` and base URLs on private or loopback addresses ' +
          '(403) unless started with --create-allow-local-engines. The engine is made once per ' +
          'setting and reused; the one a change replaces is closed when no generation uses it.',
        tags,
        operationId: 'updateCreateEngine',
        body: CreateEngineUpdate,
        response: { 200: CreateEngine, 400: ErrorRef, 403: ErrorRef },
      },
    },
    async (request) => service.setEngine(request.auth.orgId, request.body),
  );
};
