import type { FastifyPluginAsync } from 'fastify';
import { HealthResponse } from '../../shared/api/common';

export interface HealthRoutesOptions {
  version: string;
}

/** `GET /health`: liveness for the desktop app and scripts; needs no key and is not rate limited. */
export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (app, { version }) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        summary: 'Server health and version',
        tags: ['meta'],
        operationId: 'getHealth',
        security: [],
        response: { 200: HealthResponse },
      },
    },
    async (): Promise<HealthResponse> => ({ status: 'ok', version }),
  );
};
