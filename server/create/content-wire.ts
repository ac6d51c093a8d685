import type {
  CreateStatus,
  LiltCreateContent,
  LiltCreateContentRequest,
  LiltCreatePreferences,
  LiltCreateTemplateParams,
} from '../../shared/api/create';
import type { ContentFields, ContentRow } from './queries';

/** Template parameters as stored and answered: `contentLength` always a number. */
export type StoredTemplateParams = LiltCreateContent['templateParams'];

/** Drops empty optional fields and turns a `"100"` length into 100. */
export function normalizeParams(params: LiltCreateTemplateParams): StoredTemplateParams {
  const { contentLength, memoryId, language, sections, summary } = params;
  return {
    ...(contentLength === undefined ? {} : { contentLength: Number(contentLength) }),
    ...(memoryId === undefined ? {} : { memoryId }),
    language,
    ...(sections === undefined ? {} : { sections }),
    ...(summary === undefined ? {} : { summary }),
  };
}

/** The request's preferences over the organization's: a field the request gives wins. */
export function preferencesAsUsed(
  stored: { tone: string; styleguide: string },
  asked: LiltCreatePreferences | undefined,
): LiltCreatePreferences {
  return {
    tone: asked?.tone ?? stored.tone,
    styleguide: asked?.styleguide ?? stored.styleguide,
  };
}

/** What a generation asks for, as it is stored with the content. */
export interface ContentRequest {
  name?: string;
  language: string;
  template: string;
  templateParams: StoredTemplateParams;
  preferences: LiltCreatePreferences;
}

export function requestOf(
  body: LiltCreateContentRequest,
  preferences: LiltCreatePreferences,
): ContentRequest {
  return {
    ...(body.name === undefined ? {} : { name: body.name }),
    language: body.language,
    template: body.template,
    templateParams: normalizeParams(body.templateParams),
    preferences,
  };
}

export function requestOfRow(row: ContentRow): ContentRequest {
  return {
    ...(row.name === null ? {} : { name: row.name }),
    language: row.language,
    template: row.template,
    templateParams: JSON.parse(row.template_params) as StoredTemplateParams,
    preferences: JSON.parse(row.preferences) as LiltCreatePreferences,
  };
}

export function fieldsOf(
  request: ContentRequest,
  text: string,
  status: CreateStatus,
): ContentFields {
  return {
    name: request.name ?? null,
    language: request.language,
    template: request.template,
    template_params: JSON.stringify(request.templateParams),
    preferences: JSON.stringify(request.preferences),
    text,
    status,
  };
}

export function contentToWire(row: ContentRow): LiltCreateContent {
  const request = requestOfRow(row);
  return {
    id: row.id,
    ...request,
    text: row.text,
    status: row.status as CreateStatus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
