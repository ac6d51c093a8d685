import { DEFAULT_FILE_TM_THRESHOLD } from '../../shared/api/file-translation';
import { DOCUMENT_FORMATS, type DocumentFormat } from '../../shared/api/documents';
import type { FilterConfig, FilterSettings } from '../../shared/api/domains';
import { badRequest } from '../http/http-error';

/** The default domain: every filter configuration and MT model belongs to it. */
export const DEFAULT_DOMAIN = { id: 1, name: 'General' } as const;

/** When the default configurations were defined: fixed, they never change in place. */
const DEFINED_AT = '2026-11-27T00:00:00.000Z';

const FORMAT_NAMES: Record<DocumentFormat, string> = {
  text: 'plain text',
  xliff12: 'XLIFF 1.2',
  xliff20: 'XLIFF 2.0',
  po: 'PO (gettext)',
  json: 'JSON',
  yaml: 'YAML',
  markdown: 'Markdown',
  html: 'HTML',
  srt: 'SubRip subtitles',
  vtt: 'WebVTT subtitles',
  csv: 'CSV',
  properties: 'Java properties',
  docx: 'Word (DOCX)',
  pptx: 'PowerPoint (PPTX)',
  xlsx: 'Excel (XLSX)',
  android: 'Android strings',
  'ios-strings': 'iOS strings',
  xcstrings: 'Xcode string catalog',
};

function settingsOf(format: DocumentFormat): FilterSettings {
  const settings: FilterSettings = { tmThreshold: DEFAULT_FILE_TM_THRESHOLD };
  // null: the filter picks the columns that mostly hold words (formats/documents/csv.ts).
  if (format === 'csv') settings.csvColumns = null;
  return settings;
}

/**
 * The default filter configuration of every document format, defined once here. Ids follow
 * DOCUMENT_FORMATS (a new format appends, so ids never change meaning).
 */
export const FILTER_CONFIGS: readonly FilterConfig[] = DOCUMENT_FORMATS.map((format, at) => ({
  id: at + 1,
  isDefault: true,
  filterName: format,
  configName: `Default ${FORMAT_NAMES[format]}`,
  configDescription:
    `The default settings for ${FORMAT_NAMES[format]} files: what the filter translates by ` +
    `itself, one segment per unit of text, TM matches from ${DEFAULT_FILE_TM_THRESHOLD} in file ` +
    'translation.',
  subfilters: [],
  segmentationConfigSetting: 'SENTENCE',
  srx: '',
  segmentationConfigName: 'Default',
  domains: [{ ...DEFAULT_DOMAIN }],
  createdAt: DEFINED_AT,
  updatedAt: DEFINED_AT,
  default: true,
  settings: settingsOf(format),
}));

export function filterConfig(id: number): FilterConfig | undefined {
  return FILTER_CONFIGS.find((config) => config.id === id);
}

/** The configuration `field` names, or a 400 that says where to find the ids there are. */
export function chosenFilterConfig(field: string, id: number): FilterConfig {
  const config = filterConfig(id);
  if (!config) {
    throw badRequest(
      `${field}: no filter configuration ${id}; there are 1 to ${FILTER_CONFIGS.length}, one ` +
        'per document format (GET /v3/domains lists them)',
    );
  }
  return config;
}
