import type { Segment } from '../../../../../shared/api/segments';

/** A segment for the find tests: only what they set differs from an untranslated one. */
export function testSegment(patch: Partial<Segment> = {}): Segment {
  return {
    id: 1,
    created_at: 0,
    updated_at: 0,
    document_id: 1,
    memory_id: 1,
    source: '',
    srclang: 'en',
    target: '',
    trglang: 'es',
    is_confirmed: false,
    is_reviewed: false,
    index: 0,
    match_score: null,
    target_origin: null,
    note: null,
    context_key: null,
    memory_unit_id: null,
    word_count: 1,
    revision: 1,
    updated_by: null,
    ...patch,
  };
}
