import type {
  DocumentHeader,
  DocumentSegmentsPage,
  DocumentSegmentsQuery,
} from '../../../../../shared/api/documents';
import type { Segment } from '../../../../../shared/api/segments';

/** A segment at `index` (id index + 1), untranslated unless told. */
export const testSegment = (index: number, fields: Partial<Segment> = {}): Segment => ({
  id: index + 1,
  created_at: 100,
  updated_at: 100,
  document_id: 7,
  memory_id: 1,
  source: `Source ${index}`,
  srclang: 'en',
  target: '',
  trglang: 'es',
  is_confirmed: false,
  is_reviewed: false,
  index,
  match_score: null,
  target_origin: null,
  note: null,
  context_key: null,
  memory_unit_id: null,
  word_count: 2,
  revision: 1,
  updated_by: null,
  ...fields,
});

export const testHeader = (fields: Partial<DocumentHeader> = {}) =>
  ({
    id: 7,
    name: 'long.json',
    is_pretranslating: false,
    updated_at: 100,
    ...fields,
  }) as DocumentHeader;

/** The server's answer to `query` over `segments` at `asOf`, as `GET /v2/documents/segments`. */
export function answerPage(
  segments: readonly Segment[],
  query: DocumentSegmentsQuery,
  asOf: number,
  header: DocumentHeader = testHeader(),
): DocumentSegmentsPage {
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 100;
  const since = query.updated_since;
  const selected = since === undefined ? segments : segments.filter((s) => s.updated_at >= since);
  return {
    document: header,
    total: segments.length,
    offset,
    segments: selected.slice(offset, offset + limit),
    as_of: asOf,
  };
}
