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
  /** A 100/101 match whose source differs in case is filled as a draft at 99. */
  caseSensitive: boolean;
  /** A segment filled from the memory names the matched unit's author. */
  matchAttribution: boolean;
  /** The lowest TM score pretranslation takes: `config_id`'s threshold (null: the default). */
  pretranslateThreshold: number | null;
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
 * the body is read: every problem is a 400 naming the field. `case_sensitive`,
 * `match_attribution` and `config_id` (a filter configuration of GET /v3/domains, whose TM
 * threshold pretranslation takes) reach the pretranslation as a job's pair options do.
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
    caseSensitive: false,
    matchAttribution: false,
    pretranslateThreshold: null,
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
  const { case_sensitive: caseSensitive, match_attribution: attribution } = fields;
  if (caseSensitive) params.caseSensitive = toBoolean(caseSensitive.where, caseSensitive.value);
  if (attribution) params.matchAttribution = toBoolean(attribution.where, attribution.value);
  const config = fields.config_id;
  if (config) {
    const chosen = chosenFilterConfig(config.where, toInteger(config.where, config.value));
    params.pretranslateThreshold = chosen.settings.tmThreshold;
  }
  return params;
}
