import type { IncomingHttpHeaders } from 'node:http';
import { isUtf8 } from 'node:buffer';
import { parseId } from './decimal';
import { badRequest } from './http-error';

/** A parameter as read, with where it came from, for messages that name it. */
export interface HeaderField {
  where: string;
  value: unknown;
}

/** Node reads header bytes as Latin-1; a client that sent UTF-8 bytes meant UTF-8. */
export function headerText(value: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[^\u0000-\u007f]/.test(value)) return value;
  const bytes = Buffer.from(value, 'latin1');
  return isUtf8(bytes) ? bytes.toString('utf8') : value;
}

/** A file name may come percent-encoded (the public docs' advice for non-ASCII names). */
function percentDecoded(text: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(text)) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    // Not percent-encoding after all: keep it as sent.
    return text;
  }
}

function single(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function toInteger(where: string, value: unknown): number {
  const number = typeof value === 'string' ? (parseId(value) ?? value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1) {
    throw badRequest(`${where}: must be a positive integer`);
  }
  return number;
}

export function toBoolean(where: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  throw badRequest(`${where}: must be true or false`);
}

/**
 * Parameters of a raw-body upload from individual headers (`memory_id`, `name`, ...) or from one
 * `LILT-API` header holding them as JSON (non-ASCII escaped as \uXXXX, as header values must be
 * ASCII); an individual header wins over the same field in `LILT-API`. Unknown LILT-API fields
 * are a 400 naming them.
 */
export function headerFields(
  headers: IncomingHttpHeaders,
  allowed: readonly string[],
): Record<string, HeaderField | undefined> {
  const fields: Record<string, HeaderField | undefined> = {};
  const liltApi = single(headers, 'lilt-api');
  if (liltApi !== undefined) {
    let parsed: unknown;
    try {
      // Decoded field by field after parsing: a `%22` inside a value must not become a quote.
      parsed = JSON.parse(headerText(liltApi));
    } catch {
      throw badRequest('header LILT-API: must be a JSON object');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw badRequest('header LILT-API: must be a JSON object');
    }
    for (const [key, value] of Object.entries(parsed)) {
      if (!allowed.includes(key)) throw badRequest(`header LILT-API field ${key}: is not allowed`);
      if (value !== null && value !== undefined) {
        fields[key] = { where: `header LILT-API field ${key}`, value };
      }
    }
  }
  for (const key of allowed) {
    const value = single(headers, key);
    if (value !== undefined) fields[key] = { where: `header ${key}`, value: headerText(value) };
  }
  return fields;
}

/** The field, or a 400 saying it is required. */
export function requiredField(fields: Record<string, HeaderField | undefined>, key: string) {
  const field = fields[key];
  if (!field) throw badRequest(`header ${key}: is required (or a LILT-API header holding it)`);
  return field;
}

/** A file name field: trimmed, percent-decoded, not blank, at most 255 characters. */
export function toFileName(field: HeaderField): string {
  if (typeof field.value !== 'string' || field.value.trim() === '') {
    throw badRequest(`${field.where}: must be a file name`);
  }
  const name = percentDecoded(field.value.trim());
  if (name.length > 255) throw badRequest(`${field.where}: must be at most 255 characters`);
  return name;
}
