import { Type, type Static } from '@sinclair/typebox';
import { DisplayName, EpochSeconds, Id, LanguageCode, LocaleCode, Nullable } from './fields';

/** A translation memory (API.md 5, Memory). */
export const Memory = Type.Object({
  id: Id,
  name: Type.String(),
  srclang: Type.String(),
  trglang: Type.String(),
  srclocale: Nullable(Type.String()),
  trglocale: Nullable(Type.String()),
  is_processing: Type.Boolean(),
  version: Type.Integer(),
  created_at: EpochSeconds,
  updated_at: EpochSeconds,
  resources: Type.Array(Type.String()),
  /** Our extensions: units in the memory, terms in its termbase, and why the last import failed. */
  num_segments: Type.Integer({ minimum: 0 }),
  num_terms: Type.Integer({ minimum: 0 }),
  last_import_error: Nullable(Type.String()),
});
export type Memory = Static<typeof Memory>;

export const MemoryCreateParameters = Type.Object({
  name: DisplayName,
  srclang: LanguageCode,
  trglang: LanguageCode,
  srclocale: Type.Optional(LocaleCode),
  trglocale: Type.Optional(LocaleCode),
});
export type MemoryCreateParameters = Static<typeof MemoryCreateParameters>;

export const MemoryUpdateParameters = Type.Object({ id: Id, name: DisplayName });
export type MemoryUpdateParameters = Static<typeof MemoryUpdateParameters>;

export const MemoryQuery = Type.Object({ id: Type.Optional(Id) });
export type MemoryQuery = Static<typeof MemoryQuery>;

/** `DELETE /v2/memories?id=`: the id is required there. */
export const MemoryDeleteQuery = Type.Object({ id: Id });
export type MemoryDeleteQuery = Static<typeof MemoryDeleteQuery>;

export const DeleteResponse = Type.Object({ id: Type.Integer(), deleted: Type.Boolean() });
export type DeleteResponse = Static<typeof DeleteResponse>;
