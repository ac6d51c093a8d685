import type { IncomingHttpHeaders } from 'node:http';
import { checkFileName } from '../http/file-name';
import { badRequest } from '../http/http-error';
import {
  headerFields,
  requiredField,
  toBoolean,
  toFileName,
  toInteger,
} from '../http/header-params';
import type { SdlxliffFilter } from '../formats/sdlxliff-filters';
import type { ImportOptions } from './import-job';

/** `POST /v2/memories/import` parameters, validated. */
export interface ImportParameters extends ImportOptions {
  memoryId: number;
  /** The file's name: it picks the format with the content, and becomes the units' origin. */
  name: string;
}

const CONF_NAMES = ['Translated', 'Draft', 'ApprovedTranslation', 'Locked', 'SignedOff'];

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
 * The import's parameters from individual headers or one `LILT-API` JSON header (see
 * `headerFields`). Checked before the body is read: every problem is a 400 naming the field.
 */
export function importParameters(headers: IncomingHttpHeaders): ImportParameters {
  const fields = headerFields(headers, FIELDS);
  const memoryField = requiredField(fields, 'memory_id');
  const nameField = requiredField(fields, 'name');
  const params: ImportParameters = {
    memoryId: toInteger(memoryField.where, memoryField.value),
    // The same rule as every upload route: a name, not a path, no controls, valid Unicode.
    name: checkFileName(toFileName(nameField), nameField.where),
  };
  const header = fields.has_header_row;
  if (header) params.hasHeaderRow = toBoolean(header.where, header.value);
  const skip = fields.skip_duplicates;
  if (skip) params.skipDuplicates = toBoolean(skip.where, skip.value);
  const filters = fields.sdlxliff_filters;
  if (filters) params.sdlxliffFilters = toFilters(filters.where, filters.value);
  return params;
}
