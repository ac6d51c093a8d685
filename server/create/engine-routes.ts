import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CreateEngine, CreateEngineTest, CreateEngineUpdate } from '../../shared/api/create';
import type { EngineSettings } from '../llm/engine';
import type { EnginePool } from './engine-pool';
import { testEngine } from './engine-test';
import type { CreateService } from './service';
import { BASE, ErrorRef, tags } from './routes';

const ENGINE_NOTE =
  'Our extension. `openai`: an OpenAI-compatible server (`baseUrl` up to the version, such as ' +
  'http://127.0.0.1:11434/v1 for Ollama; `model`; `apiKey` optional, never answered: ' +
  '`hasApiKey` says whether one is set). `llama`: a GGUF model file on the server, run embedded. ' +
  "`none`: no generation (409). `source` says whether the setting is the organization's or the " +
  "server's default (--create-engine-url and --create-engine-model, or --create-model-file).";

/** `/v2/create/engine` (our extension): the organization's text generation engine. */
export const createEngineRoutes: FastifyPluginAsync<{
  service: CreateService;
  pool: EnginePool;
}> = async (app, { service, pool }) => {
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

  // Gated as generation is, before any body is parsed: the terms, then an engine.
  const engines = new WeakMap<FastifyRequest, EngineSettings>();
  app.post(
    `${BASE}/engine/test`,
    {
      preParsing: async (request, _reply, payload) => {
        engines.set(request, await service.requireGeneration(request.auth.orgId));
        return payload;
      },
      schema: {
        summary: "Test the organization's engine",
        description:
          'Our extension: a short generation (a few tokens) on the engine generation would use, ' +
          'nothing saved. `{ok: true, text, firstTokenMs}`, or `{ok: false, message}` with the ' +
          "engine's error in words. Gated as generation is: 403 until the terms are signed, 409 " +
          'with no engine. A client that leaves stops it.',
        tags,
        operationId: 'testCreateEngine',
        response: { 200: CreateEngineTest, 403: ErrorRef, 409: ErrorRef },
      },
    },
    async (request, reply) => {
      const controller = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded) controller.abort();
      };
      reply.raw.on('close', onClose);
      try {
        return await testEngine(pool, request.auth.orgId, engines.get(request)!, controller.signal);
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );
};
