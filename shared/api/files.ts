import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable } from './fields';

export const FileCategory = Type.Union([Type.Literal('REFERENCE'), Type.Literal('API')]);
export type FileCategory = Static<typeof FileCategory>;

/** A label on a file: 1 to 100 characters, no commas (labels travel as comma lists). */
export const LabelName = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[^,\\u0000-\\u001f\\u007f]+$',
});

/**
 * A stored file (API.md 5, SourceFile). `size` and `project_id` are our extensions: Lilt clients
 * ignore fields they do not know, and the app needs the size for its list.
 */
export const SourceFile = Type.Object({
  id: Id,
  name: Type.String(),
  file_hash: Type.String(),
  /** `zxx` until detection ends; then an ISO 639-2 code, or `und` when it cannot tell. */
  detected_lang: Type.String(),
  detected_lang_confidence: Type.Number({ minimum: 0, maximum: 1 }),
  category: FileCategory,
  labels: Type.Array(Type.String()),
  /** `2019-10-16 22:12:34+00:00`, as the public examples show. */
  created_at: Type.String(),
  updated_at: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  project_id: Nullable(Id),
  /** True while language detection is queued or running (our extension; `zxx` alone is ambiguous). */
  is_detecting: Type.Boolean(),
});
export type SourceFile = Static<typeof SourceFile>;

/** `POST /v2/files` query (the body is the raw bytes). */
export const FileUploadQuery = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  file_hash: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  langId: Type.Optional(Type.Boolean()),
  project_id: Type.Optional(Id),
  category: Type.Optional(FileCategory),
  /** Comma list of label names. */
  labels: Type.Optional(Type.String({ maxLength: 10_000 })),
  job_type: Type.Optional(Type.String()),
});
export type FileUploadQuery = Static<typeof FileUploadQuery>;

/** `GET /v2/files`: one file by id, or all of the organization's files having all `labels`. */
export const FileListQuery = Type.Object({
  id: Type.Optional(Id),
  labels: Type.Optional(Type.String({ maxLength: 10_000 })),
});

export const FileIdQuery = Type.Object({ id: Id });
export const FileLabelQuery = Type.Object({ id: Id, name: LabelName });
export const AddFileLabelRequest = Type.Object({ name: LabelName });

export const FileDeleteResponse = Type.Object({ id: Type.Integer(), deleted: Type.Boolean() });
export type FileDeleteResponse = Static<typeof FileDeleteResponse>;
