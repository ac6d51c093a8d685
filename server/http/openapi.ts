import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../shared/api/common';

type Operation = { security?: unknown[]; responses?: Record<string, unknown> };
type OpenApiDocument = { paths?: Record<string, Record<string, Operation> | undefined> };

const errorContent = {
  'application/json': { schema: { $ref: '#/components/schemas/Error' } },
};

/**
 * Adds what every secured operation answers but no route schema declares: the plain-text 401
 * (declaring it on routes would make Fastify serialize it as JSON), the 429 of the quota and the
 * wrong-key throttle, and the `{message}` error.
 */
function addCommonResponses<T>(document: T): T {
  const { paths = {} } = document as OpenApiDocument;
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item ?? {})) {
      if (typeof operation !== 'object' || !operation || !operation.responses) continue;
      operation.responses.default ??= { description: 'Error', content: errorContent };
      if (operation.security?.length === 0) continue;
      operation.responses['401'] ??= {
        description: 'Unauthorized',
        content: { 'text/plain': { schema: { type: 'string', example: 'Unauthorized' } } },
      };
      operation.responses['429'] ??= {
        description:
          'Too many requests: the key is over its quota (4,000 a minute by default), or the ' +
          'address sent too many wrong keys (20 a minute by default). `Retry-After` says when ' +
          'to try again.',
        headers: { 'retry-after': { schema: { type: 'integer' } } },
        content: errorContent,
      };
    }
  }
  return document;
}

/**
 * Collects every route schema registered after it into an OpenAPI 3.1 document served at
 * `GET /openapi.json` (public). Must be registered before the routes.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  app.addSchema(ErrorBody);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Wordbench Translation Workflow API',
        version,
        description: 'The embedded Translation Workflow API server of Wordbench.',
      },
      components: {
        securitySchemes: {
          ApiKeyAuth: { type: 'apiKey', in: 'query', name: 'key' },
          BasicAuth: { type: 'http', scheme: 'basic' },
          ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'key' },
          BearerAuth: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ ApiKeyAuth: [] }, { BasicAuth: [] }, { ApiKeyHeader: [] }, { BearerAuth: [] }],
    },
    // Shared schemas keep their own names (`Error`) instead of `def-0`.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? addCommonResponses(documentObject.openapiObject)
        : documentObject.swaggerObject,
  });
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
