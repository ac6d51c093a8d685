import type { SegmentCreateParameters } from '../../shared/api/segments';
import { segmentSentences } from '../formats/segmentation';
import { badRequest } from '../http/http-error';

/**
 * The sources of the segments `POST /v2/segments` creates: the source as sent, or its sentences
 * with `shouldApplySegmentation` (which needs `srcLang`; a target cannot go with several).
 */
export function sourcesOf(params: SegmentCreateParameters): string[] {
  if (!params.shouldApplySegmentation) return [params.source];
  if (!params.srcLang) throw badRequest('srcLang: is required with shouldApplySegmentation');
  const pieces = segmentSentences(params.source, params.srcLang)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
  if (params.target && pieces.length > 1) {
    throw badRequest(
      `target: cannot be given when shouldApplySegmentation splits the source (${pieces.length} sentences)`,
    );
  }
  return pieces.length > 0 ? pieces : [params.source];
}
