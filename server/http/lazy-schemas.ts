import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaValidationError } from 'fastify';

/** A validator as Fastify calls it: `false` with `errors` set when the data does not match. */
export type Validate = ((data: unknown) => boolean) & {
  errors?: FastifySchemaValidationError[] | null;
};

/**
 * Compiling every route's validators and serializers before `listen` cost the server most of its
 * start (Ajv code generation, fast-json-stringify builds). A route's schemas are compiled on its
 * first request instead; `eager` compiles at once, so a test can prove every schema compiles.
 */
export function lazyValidator(compile: () => Validate, eager = false): Validate {
  let compiled: Validate | undefined = eager ? compile() : undefined;
  const validate = ((data: unknown) => {
    compiled ??= compile();
    const valid = compiled(data);
    validate.errors = compiled.errors ?? null;
    return valid;
  }) as Validate;
  validate.errors = null;
  return validate;
}

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = (data: unknown) => string;

/** Fastify's own serializer factory (fast-json-stringify), building each route's serializer late. */
export function lazySerializers(eager = false): SerializerFactory {
  const buildDefault = SerializerSelector();
  return (externalSchemas, options) => {
    const compiler = buildDefault(externalSchemas, options);
    return (route) => {
      let serialize: Serializer | undefined = eager ? compiler(route) : undefined;
      return (data: unknown) => (serialize ??= compiler(route))(data);
    };
  };
}
