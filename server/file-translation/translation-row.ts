import type { TranslationInfo, TranslationStatus } from '../../shared/api/file-translation';

/** A file_translations row as the pipeline and the routes read it. */
export interface TranslationRow {
  id: number;
  org_id: number;
  file_id: number;
  memory_id: number;
  with_tm: number;
  tm_threshold: number;
  status: TranslationStatus;
  error_msg: string | null;
  file_name: string;
  translated_name: string;
  srclang: string;
  trglang: string;
  format: string | null;
  segments_done: number;
  segments_total: number;
  tm_segments: number;
  mt_segments: number;
  warning: string | null;
  result_sha256: string | null;
  created_at: number;
  updated_at: number;
}

export interface NewTranslation {
  orgId: number;
  userId: number | null;
  fileId: number;
  memoryId: number;
  withTm: boolean;
  tmThreshold: number;
  fileName: string;
  translatedName: string;
  srclang: string;
  trglang: string;
}

/** A stored target of one segment, written a batch at a time. */
export interface StoredTarget {
  idx: number;
  target: string;
  origin: 'tm' | 'mt';
  score: number | null;
}

/** The monitor's filters; each one given narrows the list. */
export interface TranslationFilter {
  ids?: number[];
  status?: TranslationStatus;
  fromTime?: number;
  toTime?: number;
}

/** What a translation reads of its source file. */
export interface SourceFileRow {
  id: number;
  name: string;
  sha256: string;
  detected_lang: string;
}

/** The columns of a TranslationRow. */
export const TRANSLATION_COLUMNS = [
  'id',
  'org_id',
  'file_id',
  'memory_id',
  'with_tm',
  'tm_threshold',
  'status',
  'error_msg',
  'file_name',
  'translated_name',
  'srclang',
  'trglang',
  'format',
  'segments_done',
  'segments_total',
  'tm_segments',
  'mt_segments',
  'warning',
  'result_sha256',
  'created_at',
  'updated_at',
] as const;

export function toTranslationInfo(row: TranslationRow): TranslationInfo {
  return {
    id: row.id,
    fileId: row.file_id,
    status: row.status,
    createdAt: row.created_at,
    ...(row.status === 'Failed' ? { errorMsg: row.error_msg ?? 'The translation failed' } : {}),
    memoryId: row.memory_id,
    withTM: row.with_tm === 1,
    tmThreshold: row.tm_threshold,
    fileName: row.file_name,
    translatedName: row.translated_name,
    srclang: row.srclang,
    trglang: row.trglang,
    format: row.format,
    segmentsDone: row.segments_done,
    segmentsTotal: row.segments_total,
    tmSegments: row.tm_segments,
    mtSegments: row.mt_segments,
    warning: row.warning,
    updatedAt: row.updated_at,
  };
}
