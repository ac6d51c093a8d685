import type { IncomingHttpHeaders } from 'node:http';
import { isUtf8 } from 'node:buffer';
import { badRequest } from '../http/http-error';
import type { SdlxliffFilter } from '../formats/sdlxliff-filters';
import type { ImportOptions } from './import-job';

/** `POST /v2/memories/import` parameters, validated. */
export interface ImportParameters extends ImportOptions {
  memoryId: number;
  /** The file's name: it picks the format with the content, and becomes the units' origin. */
  name: string;
}

const CONF_NAMES = ['Translated', 'Draft', 'ApprovedTranslation', 'Locked', 'SignedOff'];

/**
 * Node reads header bytes as Latin-1; a client that sent UTF-8 bytes meant UTF-8. A name may
 * also come percent-encoded (the public docs' advice for non-ASCII names).
 */
function headerText(value: string): string {
  let text = value;
  // eslint-disable-next-line no-control-regex
  if (/[^\u0000-\u007f]/.test(text)) {
    const bytes = Buffer.from(text, 'latin1');
    if (isUtf8(bytes)) text = bytes.toString('utf8');
  }
  if (/%[0-9A-Fa-f]{2}/.test(text)) {
    try {
      text = decodeURIComponent(text);
    } catch {
      // Not percent-encoding after all: keep it as sent.
    }
  }
  return text;
}

function single(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function toInteger(where: string, value: unknown): number {
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1) {
    throw badRequest(`${where}: must be a positive integer`);
  }
  return number;
}

function toBoolean(where: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  throw badRequest(`${where}: must be true or false`);
}

function toFilters(where: string, value: unknown): SdlxliffFilter[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value) as unknown;
    } catch {
      throw badRequest(`${where}: must be a JSON array of SDLXLIFF filters`);
    }
  }
  if (!Array.isArray(list)) throw badRequest(`${where}: must be an array of SDLXLIFF filters`);
  return list.map((item: unknown, index) => {
    const at = `${where}[${index}]`;
    if (typeof item !== 'object' || item === null) throw badRequest(`${at}: must be an object`);
    const { confName, allowablePercentage, allowUnlockedSegments, ...rest } = item as Record<
      string,
      unknown
    >;
    const unknownKey = Object.keys(rest)[0];
    if (unknownKey !== undefined) throw badRequest(`${at}.${unknownKey}: is not allowed`);
    if (typeof confName !== 'string' || !CONF_NAMES.includes(confName)) {
      throw badRequest(`${at}.confName: must be one of ${CONF_NAMES.join(', ')}`);
    }
    const filter: SdlxliffFilter = { confName: confName as SdlxliffFilter['confName'] };
    if (allowablePercentage !== undefined) {
      if (
        typeof allowablePercentage !== 'number' ||
        !Number.isInteger(allowablePercentage) ||
        allowablePercentage < 0 ||
        allowablePercentage > 100
      ) {
        throw badRequest(`${at}.allowablePercentage: must be an integer from 0 to 100`);
      }
      filter.allowablePercentage = allowablePercentage;
    }
    if (allowUnlockedSegments !== undefined) {
      filter.allowUnlockedSegments = toBoolean(
        `${at}.allowUnlockedSegments`,
        allowUnlockedSegments,
      );
    }
    return filter;
  });
}

const FIELDS = ['memory_id', 'name', 'has_header_row', 'skip_duplicates', 'sdlxliff_filters'];

/**
 * The import's parameters from individual headers (`memory_id`, `name`, ...) or from one
 * `LILT-API` header holding them as JSON (non-ASCII escaped as \uXXXX, as header values must be
 * ASCII); an individual header wins over the same field in `LILT-API`. Checked before the body
 * is read: every problem is a 400 naming the field.
 */
export function importParameters(headers: IncomingHttpHeaders): ImportParameters {
  const fields: Record<string, { where: string; value: unknown }> = {};
  const liltApi = single(headers, 'lilt-api');
  if (liltApi !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(headerText(liltApi));
    } catch {
      throw badRequest('header LILT-API: must be a JSON object');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw badRequest('header LILT-API: must be a JSON object');
    }
    for (const [key, value] of Object.entries(parsed)) {
      if (!FIELDS.includes(key)) throw badRequest(`header LILT-API field ${key}: is not allowed`);
      if (value !== null && value !== undefined) {
        fields[key] = { where: `header LILT-API field ${key}`, value };
      }
    }
  }
  for (const key of FIELDS) {
    const value = single(headers, key);
    if (value !== undefined) fields[key] = { where: `header ${key}`, value: headerText(value) };
  }
  const required = (key: string) => {
    const field = fields[key];
    if (!field) throw badRequest(`header ${key}: is required (or a LILT-API header holding it)`);
    return field;
  };
  const memoryField = required('memory_id');
  const nameField = required('name');
  if (typeof nameField.value !== 'string' || nameField.value.trim() === '') {
    throw badRequest(`${nameField.where}: must be a file name`);
  }
  if (nameField.value.length > 255) {
    throw badRequest(`${nameField.where}: must be at most 255 characters`);
  }
  const params: ImportParameters = {
    memoryId: toInteger(memoryField.where, memoryField.value),
    name: nameField.value.trim(),
  };
  const header = fields.has_header_row;
  if (header) params.hasHeaderRow = toBoolean(header.where, header.value);
  const skip = fields.skip_duplicates;
  if (skip) params.skipDuplicates = toBoolean(skip.where, skip.value);
  const filters = fields.sdlxliff_filters;
  if (filters) params.sdlxliffFilters = toFilters(filters.where, filters.value);
  return params;
}
