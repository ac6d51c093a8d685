import { Type, type Static } from '@sinclair/typebox';
import { Id } from './fields';

/** `POST /v2/translate`: a source longer than this is refused with 400 naming the limit. */
export const MAX_TRANSLATE_SOURCE = 5000;

/** `POST /v2/translate` body (API.md 5, TranslateSegmentBody, plus our extensions). */
export const TranslateSegmentBody = Type.Object({
  source: Type.String({
    maxLength: MAX_TRANSLATE_SOURCE,
    description: 'The text to translate, at most 5,000 characters; inline codes are kept',
  }),
  memory_id: Id,
  /** Accepted for compatibility; not used. */
  source_hash: Type.Optional(Type.Integer({ description: 'Accepted for compatibility; unused' })),
  /** Most TM matches returned (default 5). */
  n: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 50, description: 'Most TM matches returned (5)' }),
  ),
  /** Keeps only translations whose target starts with this text. */
  prefix: Type.Optional(
    Type.String({
      maxLength: MAX_TRANSLATE_SOURCE,
      description: 'Only translations whose target starts with this text',
    }),
  ),
  rich: Type.Optional(Type.Boolean()),
  tm_matches: Type.Optional(Type.Boolean()),
  /** Accepted for compatibility; not used. */
  project_tags: Type.Optional(Type.Boolean()),
  /** Accepted; ICU placeholders (`{name}`) are treated as inline codes either way. */
  containsICUData: Type.Optional(Type.Boolean()),
  /** Our extension: lowest TM score returned (default 50). */
  threshold: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 101,
      description: 'Our extension: the lowest TM score returned (default 50)',
    }),
  ),
  /** Our extension: MT off (`false`) for a TM-only answer. Default true. */
  mt: Type.Optional(
    Type.Boolean({ description: 'Our extension: false for a TM-only answer (default true)' }),
  ),
  /**
   * Our extension: the document segment being translated. Its neighbours and key give the
   * context for 101 matches; it must belong to the organization (404 otherwise).
   */
  segment_id: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description:
        'Our extension: the document segment being translated; its neighbours and context ' +
        'key make an exact match in the same context score 101',
    }),
  ),
});
export type TranslateSegmentBody = Static<typeof TranslateSegmentBody>;

/** One translation (API.md 5, Translation, plus our TM extensions). */
export const Translation = Type.Object({
  target: Type.String(),
  /** TM: fuzzy percentage (100 exact, 101 exact in context). MT: 0 (Apertium gives no confidence). */
  score: Type.Number({
    description:
      'TM: fuzzy percentage (100 exact, 101 exact in the same context). MT: the confidence, ' +
      '0 for Apertium, which gives none',
  }),
  isTMMatch: Type.Boolean(),
  /** `rich=true` only. */
  targetWithTags: Type.Optional(Type.String()),
  /** `rich=true` only: `s-t` pairs of source and target word indices. */
  align: Type.Optional(
    Type.String({
      description:
        'rich=true, MT items: space-separated s-t word-index pairs, estimated (identical ' +
        'tokens first, then proportional positions between them)',
    }),
  ),
  /** `rich=true` only: one int per target word, the memory id (>0) or 0 (MT). */
  provenance: Type.Optional(
    Type.String({ description: 'rich=true: one int per target word, the memory id or 0 (MT)' }),
  ),
  /** `rich=true` only: one longer than `targetWords`. */
  targetDelimiters: Type.Optional(Type.Array(Type.String())),
  targetWords: Type.Optional(Type.Array(Type.String())),
  /** Our extension, TM items: the unit's source (for a diff against the current source). */
  source: Type.Optional(Type.String({ description: "Our extension, TM items: the unit's source" })),
  /** Our extension, TM items: as `TranslationMemoryEntry.metadata`. */
  metadata: Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()]), {
      description:
        'Our extension, TM items: where the unit comes from, as in GET /v2/memories/query',
    }),
  ),
  /** Our extension, MT items: the engine (`apertium`). */
  engine: Type.Optional(Type.String({ description: 'Our extension, MT items: the engine' })),
});
export type Translation = Static<typeof Translation>;

/** `POST /v2/translate` answer (API.md 5, TranslationList). */
export const TranslationList = Type.Object({
  untokenizedSource: Type.String(),
  /** `rich=true` only: the source's words joined by single spaces. */
  tokenizedSource: Type.Optional(Type.String()),
  /** `rich=true` only: one longer than the source's words. */
  sourceDelimiters: Type.Optional(Type.Array(Type.String())),
  /** TM matches first (best first), then the MT item. */
  translation: Type.Array(Translation),
  /**
   * Our extension: why there is no MT item when one was asked for (`no engine for en-de`,
   * `the MT engine timed out`). TM matches are answered either way.
   */
  mtUnavailable: Type.Optional(
    Type.String({
      description:
        'Our extension: why there is no MT item although one was asked for (no engine for ' +
        'the pair, a timeout); the TM matches are answered either way',
    }),
  ),
});
export type TranslationList = Static<typeof TranslationList>;

/** Our extension `GET /v2/memories/termbase/hits`: termbase entries found in a text. */
export const TermHitsQuery = Type.Object({
  id: Id,
  query: Type.String({
    minLength: 1,
    maxLength: MAX_TRANSLATE_SOURCE,
    description: 'The text to look for terms in, 1 to 5,000 characters',
  }),
});
export type TermHitsQuery = Static<typeof TermHitsQuery>;

export const TermHit = Type.Object({
  source: Type.String(),
  target: Type.String(),
  /** Where the term occurs in the text: UTF-16 offsets `[start, end)`, in order. */
  ranges: Type.Array(Type.Tuple([Type.Integer(), Type.Integer()]), {
    description: 'Where the term occurs in the text: UTF-16 offsets [start, end), in order',
  }),
  extra: Type.Record(Type.String(), Type.String(), {
    description: "The entry's other columns (definition, part of speech...)",
  }),
});
export type TermHit = Static<typeof TermHit>;
