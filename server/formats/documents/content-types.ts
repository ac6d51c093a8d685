import type { DocumentFormat } from './types';

/** The media type a file of each format is sent with. */
export const CONTENT_TYPES: Record<DocumentFormat, string> = {
  text: 'text/plain; charset=utf-8',
  xliff12: 'application/xliff+xml; charset=utf-8',
  xliff20: 'application/xliff+xml; charset=utf-8',
  po: 'text/x-gettext-translation; charset=utf-8',
  json: 'application/json; charset=utf-8',
  yaml: 'application/yaml; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  properties: 'text/x-java-properties',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  android: 'application/xml; charset=utf-8',
  // .strings may be UTF-16: no charset is promised.
  'ios-strings': 'text/plain',
  xcstrings: 'application/json; charset=utf-8',
};
