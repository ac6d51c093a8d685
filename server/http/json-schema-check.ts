// Test support: the JSON Schema subset our OpenAPI document uses, checked independently of Ajv,
// so that a fuzz case is known to be malformed by what the document says, not by what the server
// happens to accept. Keywords it does not know count as satisfied (a case is then not generated).

export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
  description?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return true;
  }
}

/** Whether a JSON value satisfies the schema. */
export function conforms(schema: JsonSchema, value: unknown): boolean {
  if (schema.anyOf && !schema.anyOf.some((branch) => conforms(branch, value))) return false;
  if (schema.type !== undefined && !hasType(schema.type, value)) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  if ('const' in schema && schema.const !== value) return false;
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
  }
  if (typeof value === 'string') {
    // Ajv counts code points, as this does.
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) return false;
    if (schema.maxLength !== undefined && length > schema.maxLength) return false;
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return false;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return false;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
    const { items } = schema;
    if (items && !value.every((item) => conforms(items, item))) return false;
  }
  if (isObject(value)) {
    if ((schema.required ?? []).some((name) => !(name in value))) return false;
    for (const [name, item] of Object.entries(value)) {
      const property = schema.properties?.[name];
      if (property && !conforms(property, item)) return false;
      const extra = schema.additionalProperties;
      if (!property && extra === false) return false;
      if (!property && isObject(extra) && !conforms(extra, item)) return false;
    }
  }
  return true;
}

/**
 * Whether a query, path or header text is a valid value of the schema, the way the API reads
 * them: an integer is decimal digits only (API.md, issue 11: `0x10`, ` 1`, `1e3` are not ids), a
 * boolean is `true` or `false`, anything else is the text itself.
 */
export function textConforms(schema: JsonSchema, text: string): boolean {
  if (schema.anyOf) return schema.anyOf.some((branch) => textConforms(branch, text));
  if (schema.type === 'integer' || schema.type === 'number') {
    if (!/^-?\d+$/.test(text)) return false;
    const number = Number(text);
    return Number.isSafeInteger(number) && conforms(schema, number);
  }
  if (schema.type === 'boolean') return text === 'true' || text === 'false';
  return conforms(schema, text);
}

const STRING_EXAMPLES = ['fuzz', 'en', 'es', 'a', 'US', '1'];

/** A value the schema accepts; ids come from the caller, names get a file-like example. */
export function exampleOf(schema: JsonSchema, name = ''): unknown {
  if (schema.anyOf) {
    const branch = schema.anyOf.find((b) => b.type !== 'null') ?? schema.anyOf[0];
    return branch ? exampleOf(branch, name) : null;
  }
  if (schema.enum) return schema.enum[0];
  if ('const' in schema) return schema.const;
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'array':
      return schema.items && (schema.minItems ?? 0) > 0 ? [exampleOf(schema.items)] : [];
    case 'object': {
      // All-optional bodies (a comment's text) get every property, so that they mean something.
      const properties = Object.entries(schema.properties ?? {});
      const required = schema.required ?? [];
      const chosen =
        required.length > 0 ? properties.filter(([n]) => required.includes(n)) : properties;
      return Object.fromEntries(chosen.map(([n, property]) => [n, exampleOf(property, n)]));
    }
    case 'string': {
      const candidates = /name$/i.test(name)
        ? ['fuzz.txt', ...STRING_EXAMPLES]
        : /number$/i.test(name)
          ? ['1', ...STRING_EXAMPLES]
          : STRING_EXAMPLES;
      return candidates.find((text) => conforms(schema, text)) ?? 'x'.repeat(schema.minLength ?? 1);
    }
    default:
      return 'fuzz';
  }
}
