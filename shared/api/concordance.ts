import { Type, type Static } from '@sinclair/typebox';
import { Id } from './fields';

/** Most units one concordance search answers. */
export const MAX_CONCORDANCE_HITS = 100;
export const MAX_CONCORDANCE_QUERY = 500;

/** Which side of the units a concordance search looks in. */
export const ConcordanceSide = Type.Union(
  [Type.Literal('source'), Type.Literal('target'), Type.Literal('both')],
  { description: 'The side searched: source (default), target or both' },
);
export type ConcordanceSide = Static<typeof ConcordanceSide>;

/** `GET /v2/memories/concordance` (our extension). */
export const ConcordanceQuery = Type.Object({
  id: Id,
  q: Type.String({
    minLength: 1,
    maxLength: MAX_CONCORDANCE_QUERY,
    description: 'A word or a phrase (its words consecutive, in order), 1 to 500 characters',
  }),
  n: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_CONCORDANCE_HITS, default: 20 })),
  in: Type.Optional(ConcordanceSide),
});
export type ConcordanceQuery = Static<typeof ConcordanceQuery>;

const Ranges = Type.Array(Type.Tuple([Type.Integer(), Type.Integer()]), {
  description: 'Where the phrase occurs: UTF-16 offsets [start, end), in order',
});

/** One unit holding the phrase. */
export const ConcordanceHit = Type.Object({
  source: Type.String(),
  target: Type.String(),
  /** Where the phrase occurs in the source (empty when found in the target only). */
  source_ranges: Ranges,
  target_ranges: Ranges,
  /** The same keys as a lookup match's metadata (`segment_id`, `memory_id`, `origin`...). */
  metadata: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
});
export type ConcordanceHit = Static<typeof ConcordanceHit>;

export const ConcordanceResponse = Type.Object({
  /** Best first: fewest words on the side that holds the phrase, then the newest unit. */
  hits: Type.Array(ConcordanceHit),
  /**
   * True when the search stopped after looking at 200,000 units (those holding the phrase's
   * rarest word, shortest first): longer units holding the phrase may be missing.
   */
  capped: Type.Boolean(),
});
export type ConcordanceResponse = Static<typeof ConcordanceResponse>;
