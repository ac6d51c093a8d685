import { Type, type Static } from '@sinclair/typebox';
import { EpochSeconds, Id } from './fields';
import { DocumentWithoutSegments } from './projects';
import { Segment } from './segments';

/**
 * Largest document `POST /v2/documents/files` accepts (413 past it). A document is read whole and
 * answered with every segment, so it is bounded in bytes and in segments.
 */
export const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;
/** Most segments one document may have (413 past it: split the file). */
export const MAX_DOCUMENT_SEGMENTS = 100_000;

/**
 * What one document may cost beyond its bytes and segments (413 naming the cap past any of
 * them, nothing stored). A filter copies a little of the file into every segment (a JSON key
 * path, a PO comment, an XLIFF note), so a small file could otherwise become a huge document.
 */
export const DOCUMENT_LIMITS = {
  bytes: MAX_DOCUMENT_BYTES,
  segments: MAX_DOCUMENT_SEGMENTS,
  /** Characters of one segment's source, or of its target. */
  segmentChars: 50_000,
  /** Characters of one segment's key (a JSON key path, a PO msgctxt, an XLIFF id). */
  contextKeyChars: 1_000,
  /** Characters of one segment's note. */
  noteChars: 10_000,
  /** Characters of every key and note of the document together. */
  metadataChars: 4 * 1024 * 1024,
} as const;

/** The formats a document can be imported from (our filters, server/formats/documents). */
export const DOCUMENT_FORMATS = [
  'text',
  'xliff12',
  'xliff20',
  'po',
  'json',
  'yaml',
  'markdown',
  'html',
  'srt',
  'vtt',
  'csv',
  'properties',
  'docx',
  'pptx',
  'xlsx',
  'android',
  'ios-strings',
  'xcstrings',
] as const;
export const DocumentFormat = Type.Union(DOCUMENT_FORMATS.map((format) => Type.Literal(format)));

/**
 * The file extensions the filters read, for file pickers (`.xml` is read as Android strings when
 * its root is `<resources>`). A server test checks this against the filters themselves.
 */
export const DOCUMENT_EXTENSIONS = [
  'txt',
  'text',
  'po',
  'pot',
  'json',
  'xlf',
  'xliff',
  'sdlxliff',
  'mqxliff',
  'yml',
  'yaml',
  'md',
  'markdown',
  'html',
  'htm',
  'xhtml',
  'srt',
  'vtt',
  'csv',
  'properties',
  'docx',
  'pptx',
  'xlsx',
  'xml',
  'strings',
  'xcstrings',
] as const;
export type DocumentFormat = Static<typeof DocumentFormat>;

/** `pretranslate` header: fill segments from the memory, or from the memory then MT. */
export const Pretranslate = Type.Union([Type.Literal('TM'), Type.Literal('TM+MT')]);
export type Pretranslate = Static<typeof Pretranslate>;

/**
 * `POST /v2/documents/files` parameters, from individual headers or one `LILT-API` JSON header
 * (header values are strings; booleans are `true`/`false`).
 */
export const DocumentUploadParameters = Type.Object({
  /** US-ASCII or URI-encoded. */
  name: Type.String({ minLength: 1, maxLength: 255 }),
  project_id: Id,
  pretranslate: Type.Optional(Pretranslate),
  /** Pretranslated segments scoring 100 or more are confirmed. */
  auto_accept: Type.Optional(Type.Boolean()),
  /** Pretranslation: a 100/101 match whose source differs in case is filled as a draft at 99. */
  case_sensitive: Type.Optional(Type.Boolean()),
  /** Pretranslation: a segment filled from the memory names the matched unit's author. */
  match_attribution: Type.Optional(Type.Boolean()),
  /** A filter configuration (GET /v3/domains): its TM threshold is pretranslation's. */
  config_id: Type.Optional(Type.Integer()),
});
export type DocumentUploadParameters = Static<typeof DocumentUploadParameters>;

/** Our extensions on a document read with its segments. */
const DocumentExtensions = {
  /** The format the document was imported from. */
  format: DocumentFormat,
  memory_id: Id,
  /** Pretranslation progress: segments done out of those to do (0/0 when there was none). */
  pretranslated: Type.Integer({ minimum: 0 }),
  to_pretranslate: Type.Integer({ minimum: 0 }),
  pretranslation_error: Type.Union([Type.String(), Type.Null()]),
};

/** A document with its segments in order (API.md 5, DocumentWithSegments, plus extensions). */
export const DocumentWithSegments = Type.Composite([
  Type.Omit(DocumentWithoutSegments, ['customer_reviewer_email']),
  Type.Object({ ...DocumentExtensions, segments: Type.Array(Segment) }),
]);
export type DocumentWithSegments = Static<typeof DocumentWithSegments>;

/** Our extension `GET /v2/documents?id=`: a document with its segments. */
export const DocumentGetQuery = Type.Object({ id: Id });

/** Most segments one page of `GET /v2/documents/segments` holds. */
export const MAX_SEGMENT_PAGE = 1000;

/**
 * Our extension `GET /v2/documents/segments`: a page of a document's segments in order, `limit`
 * from position `offset`; with `updated_since`, of those changed at or after that second only.
 */
export const DocumentSegmentsQuery = Type.Object({
  id: Id,
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SEGMENT_PAGE, default: 100 })),
  updated_since: Type.Optional(EpochSeconds),
});
export type DocumentSegmentsQuery = Static<typeof DocumentSegmentsQuery>;

/** A document as `DocumentWithSegments` without its segments (they come in pages). */
export const DocumentHeader = Type.Omit(DocumentWithSegments, ['segments']);
export type DocumentHeader = Static<typeof DocumentHeader>;

/** The answer of `GET /v2/documents/segments`. */
export const DocumentSegmentsPage = Type.Object({
  document: DocumentHeader,
  /** How many segments the document has (a page of changed ones shorter than `limit` is the last). */
  total: Type.Integer({ minimum: 0 }),
  offset: Type.Integer({ minimum: 0 }),
  segments: Type.Array(Segment),
  /** The server's clock when it read the page: a later `updated_since` to ask what changed. */
  as_of: EpochSeconds,
});
export type DocumentSegmentsPage = Static<typeof DocumentSegmentsPage>;

/** `GET /v2/documents/files`: XLIFF 1.2 (default) or the original format with targets merged. */
export const DocumentDownloadQuery = Type.Object({
  id: Id,
  is_xliff: Type.Optional(Type.Boolean({ default: true })),
});

/** Our extension `DELETE /v2/documents?id=`. */
export const DocumentDeleteResponse = Type.Object({ id: Id, deleted: Type.Boolean() });
export type DocumentDeleteResponse = Static<typeof DocumentDeleteResponse>;
