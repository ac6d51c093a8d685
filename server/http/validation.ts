import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { isDecimalInteger, isDecimalNumber } from './decimal';
import { lazyValidator, type Validate } from './lazy-schemas';

const shared: Options = {
  useDefaults: true,
  allErrors: false,
  removeAdditional: false,
  strict: false,
  // Errors carry the schema that failed, so messages can list an enum or use its description.
  verbose: true,
};

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The types a property's schema allows, its unions and nullable forms included. */
function typesOf(schema: Schema): Set<string> {
  const types = new Set<string>();
  const { type } = schema;
  if (typeof type === 'string') types.add(type);
  if (Array.isArray(type)) for (const t of type) if (typeof t === 'string') types.add(t);
  for (const key of ['anyOf', 'oneOf']) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      for (const branch of branches)
        if (isSchema(branch)) for (const t of typesOf(branch)) types.add(t);
    }
  }
  return types;
}

/** The rule a text value of this schema must follow before Ajv coerces it, if any. */
function numericRule(schema: Schema): { test: (text: string) => boolean; what: string } | null {
  const types = typesOf(schema);
  if (types.has('string')) return null;
  if (types.has('number')) return { test: isDecimalNumber, what: 'number' };
  if (types.has('integer')) return { test: isDecimalInteger, what: 'integer' };
  if (types.has('array') && isSchema(schema.items)) return numericRule(schema.items);
  return null;
}

interface Issue {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
}

/**
 * The first text value that Ajv would coerce to a number although it is not written in decimal
 * (`0x10`, ` 1`, `1e3`, `+1`): Ajv coerces with `Number()`, which reads all of those.
 */
function nonDecimal(schema: Schema, data: unknown): Issue | null {
  const properties = schema.properties;
  if (!isSchema(properties) || !isSchema(data)) return null;
  for (const [name, value] of Object.entries(data)) {
    const property = properties[name];
    if (!isSchema(property)) continue;
    const rule = numericRule(property);
    if (!rule) continue;
    for (const text of Array.isArray(value) ? value : [value]) {
      if (typeof text === 'string' && !rule.test(text)) {
        return {
          keyword: 'type',
          instancePath: `/${name}`,
          schemaPath: `#/properties/${name}/type`,
          params: {},
          message: `must be ${rule.what}`,
        };
      }
    }
  }
  return null;
}

/** Checks the decimal rule first, then runs Ajv (which coerces); errors as Ajv reports them. */
function decimalFirst(schema: Schema, validate: ValidateFunction): Validate {
  const check = ((data: unknown) => {
    const issue = nonDecimal(schema, data);
    check.errors = issue ? [issue] : null;
    if (issue) return false;
    const valid = validate(data);
    check.errors = (validate.errors as Validate['errors']) ?? null;
    return valid;
  }) as Validate;
  check.errors = null;
  return check;
}

/**
 * Query strings, path parameters and headers arrive as text, so they are coerced to the declared
 * types (`?id=1,2` style arrays included), but a number must be written in decimal first
 * (server/http/decimal.ts). JSON bodies are checked strictly: `{"name": 5}` is a wrong type and
 * gets a 400, never a silent `"5"`. Each validator is compiled on its route's first request
 * (`eager`: at once, for the test that proves every schema compiles).
 */
export function registerValidation(app: FastifyInstance, eager = false): void {
  const coercing = addFormats.default(new Ajv({ ...shared, coerceTypes: 'array' }));
  const strict = addFormats.default(new Ajv({ ...shared, coerceTypes: false }));
  app.setValidatorCompiler(({ schema, httpPart }) =>
    lazyValidator(() => {
      if (httpPart === 'body') return strict.compile(schema as FastifySchema & object) as Validate;
      const validate = coercing.compile(schema as FastifySchema & object);
      return decimalFirst(schema as Schema, validate);
    }, eager),
  );
}
