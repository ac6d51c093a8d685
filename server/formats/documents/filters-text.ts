import type { DocumentFilter } from './filter';

/** Text-based formats beyond the first five: YAML, Markdown, HTML, subtitles, CSV, .properties. */
export const TEXT_FILTERS: readonly DocumentFilter[] = [];
