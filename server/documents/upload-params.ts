import type { IncomingHttpHeaders } from 'node:http';
import type { Pretranslate } from '../../shared/api/documents';
import { checkFileName } from '../http/file-name';
import {
  headerFields,
  requiredField,
  toBoolean,
  toFileName,
  toInteger,
} from '../http/header-params';
import { badRequest } from '../http/http-error';
import { chosenFilterConfig } from '../domains/filter-configs';

/** `POST /v2/documents/files` parameters, validated. */
export interface DocumentUploadParams {
  name: string;
  projectId: number;
  pretranslate: Pretranslate | null;
  autoAccept: boolean;
}

const FIELDS = [
  'name',
  'project_id',
  'pretranslate',
  'auto_accept',
  'case_sensitive',
  'match_attribution',
  'config_id',
] as const;

/**
 * The upload's parameters from individual headers or one `LILT-API` JSON header. Checked before
 * the body is read: every problem is a 400 naming the field. `case_sensitive` and
 * `match_attribution` are checked and otherwise ignored (see shared/api/documents.ts);
 * `config_id` must name a filter configuration (GET /v3/domains), whose default settings are
 * what extraction does anyway.
 */
export function documentUploadParameters(headers: IncomingHttpHeaders): DocumentUploadParams {
  const fields = headerFields(headers, FIELDS);
  const nameField = requiredField(fields, 'name');
  const name = checkFileName(toFileName(nameField), nameField.where);
  const projectField = requiredField(fields, 'project_id');
  const params: DocumentUploadParams = {
    name,
    projectId: toInteger(projectField.where, projectField.value),
    pretranslate: null,
    autoAccept: false,
  };
  const pretranslate = fields.pretranslate;
  if (pretranslate) {
    const value = typeof pretranslate.value === 'string' ? pretranslate.value.trim() : null;
    // An empty value is how some clients say "no pretranslation".
    if (value === 'TM' || value === 'TM+MT') params.pretranslate = value;
    else if (value !== '') throw badRequest(`${pretranslate.where}: must be one of TM, TM+MT`);
  }
  const autoAccept = fields.auto_accept;
  if (autoAccept) params.autoAccept = toBoolean(autoAccept.where, autoAccept.value);
  for (const key of ['case_sensitive', 'match_attribution'] as const) {
    const field = fields[key];
    if (field) toBoolean(field.where, field.value);
  }
  const config = fields.config_id;
  if (config) chosenFilterConfig(config.where, toInteger(config.where, config.value));
  return params;
}
