import type { DocumentFilter } from './filter';
import { csvFilter } from './csv';
import { htmlFilter } from './html';
import { markdownFilter } from './markdown';
import { propertiesFilter } from './properties';
import { srtFilter, vttFilter } from './subtitles';
import { yamlFilter } from './yaml';

/** Text-based formats beyond the first five: YAML, Markdown, HTML, subtitles, CSV, .properties. */
export const TEXT_FILTERS: readonly DocumentFilter[] = [
  htmlFilter,
  srtFilter,
  vttFilter,
  propertiesFilter,
  yamlFilter,
  markdownFilter,
  csvFilter,
];
