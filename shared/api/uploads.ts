import { Type, type Static } from '@sinclair/typebox';
import { FileCategory, LabelName } from './files';
import { Id, Nullable } from './fields';

/** `metadata` of an upload to start (API.md 5, "Upload bodies"). */
export const UploadMetadata = Type.Object({
  size: Type.Optional(Type.Integer({ minimum: 0 })),
  category: Type.Optional(FileCategory),
  uuid: Type.Optional(Type.String({ maxLength: 200 })),
  labels: Type.Optional(Type.Array(LabelName, { maxItems: 100 })),
});
export type UploadMetadata = Static<typeof UploadMetadata>;

/** One upload to start: the file's name, its MIME type and what to record with it. */
export const InitiateUploadBody = Type.Object({
  filename: Type.String({ minLength: 1, maxLength: 255 }),
  type: Type.String({ minLength: 1, maxLength: 255 }),
  metadata: Type.Optional(UploadMetadata),
});
export type InitiateUploadBody = Static<typeof InitiateUploadBody>;

/** `POST /v2/upload/s3/params` and `/multipart` take one body or an array of up to 100. */
export const InitiateUploadRequest = Type.Union([
  InitiateUploadBody,
  Type.Array(InitiateUploadBody, { minItems: 1, maxItems: 100 }),
]);
export type InitiateUploadRequest = Static<typeof InitiateUploadRequest>;

/** `GET /v2/upload/s3/params`: the same fields as query parameters (`metadata.size` etc.). */
export const UploadParamsQuery = Type.Object({
  filename: Type.String({ minLength: 1, maxLength: 255 }),
  type: Type.String({ minLength: 1, maxLength: 255 }),
  'metadata.size': Type.Optional(Type.Integer({ minimum: 0 })),
  'metadata.category': Type.Optional(FileCategory),
  'metadata.uuid': Type.Optional(Type.String({ maxLength: 200 })),
  /** Comma list of label names. */
  'metadata.labels': Type.Optional(Type.String({ maxLength: 10_000 })),
});
export type UploadParamsQuery = Static<typeof UploadParamsQuery>;

/** Where to `PUT` the whole file: a short-lived signed URL on this server. */
export const UploadParams = Type.Object({
  url: Type.String(),
  /** The object key the upload is known by (pass it back as `s3Key`). */
  key: Type.String(),
  method: Type.Literal('PUT'),
});
export type UploadParams = Static<typeof UploadParams>;

export const MultipartUpload = Type.Object({
  /** The upload's id as a string, as S3 clients expect; the same number `GET /v2/upload/{id}` takes. */
  uploadId: Type.String(),
  key: Type.String(),
});
export type MultipartUpload = Static<typeof MultipartUpload>;

/** Path of `GET /v2/upload/s3/multipart/{uploadId}/{partNumber}` (or the literal `partNumber`). */
export const SignPartParams = Type.Object({
  uploadId: Id,
  partNumber: Type.String(),
});

export const SignPartQuery = Type.Object({
  s3Key: Type.String({ minLength: 1 }),
  /** The part's exact size in bytes: the signed URL accepts no other. */
  size: Type.Integer({ minimum: 0 }),
  /** Only with the literal `/partNumber` path. */
  partNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
});
export type SignPartQuery = Static<typeof SignPartQuery>;

export const SignedPart = Type.Object({ url: Type.String(), method: Type.Literal('PUT') });
export type SignedPart = Static<typeof SignedPart>;

export const UploadIdParams = Type.Object({ uploadId: Id });
export const S3KeyQuery = Type.Object({ s3Key: Type.String({ minLength: 1 }) });

export const CompletedPart = Type.Object({
  /** The `ETag` header the part's `PUT` answered, quoted or not. */
  ETag: Type.String({ minLength: 1, maxLength: 200 }),
  PartNumber: Type.Integer({ minimum: 1, maximum: 10_000 }),
});

export const CompleteMultipartBody = Type.Object({
  parts: Type.Array(CompletedPart, { minItems: 1, maxItems: 10_000 }),
});
export type CompleteMultipartBody = Static<typeof CompleteMultipartBody>;

export const CompleteMultipartResponse = Type.Object({
  success: Type.Boolean(),
  /** Where the assembled file can be downloaded (`/v2/files/download?id=`). */
  location: Type.String(),
});
export type CompleteMultipartResponse = Static<typeof CompleteMultipartResponse>;

export const AbortMultipartResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
});
export type AbortMultipartResponse = Static<typeof AbortMultipartResponse>;

/**
 * `pending` until the bytes arrive (all parts and `complete`, for a multipart upload);
 * `processing` while the parts are being assembled; then `completed` or `aborted`.
 */
export const UploadState = Type.Union([
  Type.Literal('pending'),
  Type.Literal('processing'),
  Type.Literal('completed'),
  Type.Literal('aborted'),
]);
export type UploadState = Static<typeof UploadState>;

export const UploadListQuery = Type.Object({
  /** Comma list of upload ids. */
  ids: Type.Optional(Type.String({ maxLength: 10_000 })),
  /** Comma list of states. */
  statuses: Type.Optional(Type.String({ maxLength: 200 })),
});

export const UploadStatus = Type.Object({
  id: Id,
  filename: Type.String(),
  status: UploadState,
  /** Same format as `SourceFile.created_at`. */
  created_at: Type.String(),
  /** Our extension: the file the upload became, once `completed`. */
  fileId: Nullable(Id),
});
export type UploadStatus = Static<typeof UploadStatus>;
