import type { TranslationInfo } from '../../../../shared/api/file-translation';

/** Test support: a file translation of guide.docx, en -> es, in progress, changed by `patch`. */
export const testTranslation = (patch: Partial<TranslationInfo>): TranslationInfo => ({
  id: 1,
  fileId: 1,
  status: 'InProgress',
  createdAt: 1000,
  memoryId: 1,
  withTM: true,
  tmThreshold: 75,
  fileName: 'guide.docx',
  translatedName: 'guide.es.docx',
  srclang: 'en',
  trglang: 'es',
  format: 'docx',
  segmentsDone: 0,
  segmentsTotal: 0,
  tmSegments: 0,
  mtSegments: 0,
  warning: null,
  updatedAt: 1000,
  ...patch,
});
