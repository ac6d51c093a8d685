import { Type, type Static } from '@sinclair/typebox';
import { Id } from './fields';

/** `GET /v2/memories/query`: fuzzy lookup in one memory. */
export const MemoryLookupQuery = Type.Object({
  id: Id,
  query: Type.String({ minLength: 1, maxLength: 5000 }),
  n: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  /** Our extension: lowest score returned (default 50). */
  threshold: Type.Optional(Type.Integer({ minimum: 0, maximum: 101 })),
});
export type MemoryLookupQuery = Static<typeof MemoryLookupQuery>;

/** One match (API.md 5, TranslationMemoryEntry), best first. */
export const TranslationMemoryEntry = Type.Object({
  source: Type.String(),
  target: Type.String(),
  /** 0..100 fuzzy percentage; 101 when the context matches too. */
  score: Type.Integer({ minimum: 0, maximum: 101 }),
  /**
   * Where the unit comes from. Our keys: `segment_id` (the unit's id, for
   * `DELETE /v2/memories/segment`), `created_at`, `updated_at` (epoch seconds), `memory_id`,
   * `memory_name`, `origin` (import file name or `editor`), `key` (context key, when any).
   */
  metadata: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
});
export type TranslationMemoryEntry = Static<typeof TranslationMemoryEntry>;

/** `POST /v2/memories/import` answer. `isProcessing` is 1 while the import runs. */
export const MemoryImportResponse = Type.Object({
  id: Type.Integer(),
  isProcessing: Type.Integer(),
});
export type MemoryImportResponse = Static<typeof MemoryImportResponse>;

export const SegmentDeleteQuery = Type.Object({ id: Id, segment_id: Id });
export const DeleteSegmentResponse = Type.Object({ success: Type.Boolean() });
export type DeleteSegmentResponse = Static<typeof DeleteSegmentResponse>;

export const TermbaseExportResponse = Type.Object({
  id: Type.Integer(),
  is_processing: Type.Integer(),
});
export type TermbaseExportResponse = Static<typeof TermbaseExportResponse>;

/** A termbase entry as the desktop lists it (parsed from the termbase CSV). */
export interface Term {
  source: string;
  target: string;
  /** Any further CSV columns (definition, part of speech, notes), by header name. */
  extra: Record<string, string>;
}
