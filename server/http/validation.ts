import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';

const shared: Options = {
  useDefaults: true,
  allErrors: false,
  removeAdditional: false,
  strict: false,
  // Errors carry the schema that failed, so messages can list an enum or use its description.
  verbose: true,
};

/**
 * Query strings, path parameters and headers arrive as text, so they are coerced to the declared
 * types (`?id=1,2` style arrays included). JSON bodies are checked strictly: `{"name": 5}` is a
 * wrong type and gets a 400, never a silent `"5"`.
 */
export function registerValidation(app: FastifyInstance): void {
  const coercing = addFormats.default(new Ajv({ ...shared, coerceTypes: 'array' }));
  const strict = addFormats.default(new Ajv({ ...shared, coerceTypes: false }));
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    return ajv.compile(schema as FastifySchema & object);
  });
}
