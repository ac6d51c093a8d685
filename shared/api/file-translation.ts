import { Type, type Static } from '@sinclair/typebox';
import { EpochSeconds, Id, IdList, Nullable } from './fields';

/** API.md Part A, "File translation": the life of one translated file. */
export const TRANSLATION_STATUSES = [
  'InProgress',
  'ReadyForDownload',
  'Completed',
  'Failed',
] as const;
export const TranslationStatus = Type.Union(TRANSLATION_STATUSES.map((s) => Type.Literal(s)));
export type TranslationStatus = Static<typeof TranslationStatus>;

/** The lowest TM score a segment takes unless `tmThreshold` or the `configId`'s settings say. */
export const DEFAULT_FILE_TM_THRESHOLD = 75;
/** `tmThreshold` (our extension) is a TM score from 50 to 101. */
export const FILE_TM_THRESHOLD_RANGE = { minimum: 50, maximum: 101 } as const;

/**
 * `POST /v2/translate/file` query. `fileId` is one id or a comma list; `memoryId` names the memory
 * whose language pair the translation takes; `withTM` (default true) uses its matches.
 */
export const TranslateFileQuery = Type.Object({
  fileId: IdList,
  memoryId: Id,
  configId: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description:
        'A filter configuration (GET /v3/domains): its settings.tmThreshold is the lowest TM ' +
        'score taken',
    }),
  ),
  tmThreshold: Type.Optional(
    Type.Integer({
      ...FILE_TM_THRESHOLD_RANGE,
      description:
        "Our extension: the lowest TM score taken (50-101), over the configId's; default " +
        `${DEFAULT_FILE_TM_THRESHOLD}`,
    }),
  ),
  withTM: Type.Optional(Type.Boolean()),
  /** Accepted for compatibility; no external models here. */
  externalModelId: Type.Optional(
    Type.Integer({ description: 'Accepted for compatibility; unused' }),
  ),
});
export type TranslateFileQuery = Static<typeof TranslateFileQuery>;

/** `GET /v2/translate/file`: at least one of these is required. */
export const MonitorFileTranslationQuery = Type.Object({
  translationIds: Type.Optional(IdList),
  status: Type.Optional(TranslationStatus),
  /** Epoch seconds, inclusive. */
  fromTime: Type.Optional(EpochSeconds),
  /** Epoch seconds, exclusive. */
  toTime: Type.Optional(EpochSeconds),
});
export type MonitorFileTranslationQuery = Static<typeof MonitorFileTranslationQuery>;

/** `GET /v2/translate/files?id=`: the translated file's bytes. */
export const TranslatedFileQuery = Type.Object({ id: Id });

/**
 * A file translation (API.md 5, TranslationInfo), with our extensions after `errorMsg`: names,
 * languages, progress by segments and how the segments were filled.
 */
export const TranslationInfo = Type.Object({
  id: Id,
  fileId: Id,
  status: TranslationStatus,
  createdAt: EpochSeconds,
  /** Why it failed, in words; present only when `Failed`. */
  errorMsg: Type.Optional(Type.String()),
  memoryId: Id,
  withTM: Type.Boolean(),
  /** The lowest TM score taken. */
  tmThreshold: Type.Integer(),
  /** The original file's name, and the translated file's (`guide.docx` -> `guide.es.docx`). */
  fileName: Type.String(),
  translatedName: Type.String(),
  srclang: Type.String(),
  trglang: Type.String(),
  /** The document format read (`docx`, `po` ...), null until the file has been read. */
  format: Nullable(Type.String()),
  /** Progress: segments done out of all (0/0 until the file has been read). */
  segmentsDone: Type.Integer({ minimum: 0 }),
  segmentsTotal: Type.Integer({ minimum: 0 }),
  /** How the done segments were filled. */
  tmSegments: Type.Integer({ minimum: 0 }),
  mtSegments: Type.Integer({ minimum: 0 }),
  /** A note the user should see, such as the file's detected language disagreeing with the memory's. */
  warning: Nullable(Type.String()),
  updatedAt: EpochSeconds,
});
export type TranslationInfo = Static<typeof TranslationInfo>;
