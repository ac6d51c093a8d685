import { detectDocumentFormat, documentExtensions } from './detect';
import { DocumentFormatError, DocumentLimitError } from './errors';
import type { SkeletonBase } from './filter';
import { exportXliff12 } from './export-xliff12';
import { filterFor } from './filters';
import { extractJson, mergeJson } from './json';
import type { JsonSkeleton } from './json';
import { extractPo } from './po';
import type { PoSkeleton } from './po';
import { mergePo } from './po-merge';
import { extractText, mergeText } from './text';
import type { TextSkeleton } from './text';
import type { DocumentFormat, ExtractedDocument, ExtractOptions, LanguagePair } from './types';
import { extractXliff12 } from './xliff12';
import { extractXliff20 } from './xliff20';
import { mergeXliff } from './xliff-merge';
import type { XliffSkeleton } from './xliff-merge';

export type {
  DocumentFormat,
  ExtractedDocument,
  ExtractedSegment,
  ExtractOptions,
  LanguagePair,
} from './types';
export type { DocumentFilter, SkeletonBase } from './filter';
export { filterExtensions } from './filters';
export { CONTENT_TYPES } from './content-types';
export type { TargetState } from './export-xliff12';
export type { XliffExportDocument } from './export-xliff12';
export {
  DocumentFormatError,
  DocumentLimitError,
  detectDocumentFormat,
  documentExtensions,
  exportXliff12,
};
export {
  escapeSegmentText,
  parseSegment,
  segmentToPlainText,
  unescapeSegmentText,
} from './inline-codes';
export type { SegmentToken } from './inline-codes';

/**
 * Reads a document into segments (canonical inline codes, see inline-codes.ts) and a skeleton.
 * Throws DocumentFormatError saying what is wrong and where (line and column when known).
 */
export function extractDocument(
  format: DocumentFormat,
  bytes: Uint8Array,
  options: ExtractOptions,
): ExtractedDocument {
  const filter = filterFor(format);
  if (filter) return filter.extract(bytes, options);
  switch (format) {
    case 'text':
      return extractText(bytes, options);
    case 'xliff12':
      return extractXliff12(bytes, options);
    case 'xliff20':
      return extractXliff20(bytes, options);
    case 'po':
      return extractPo(bytes, options);
    case 'json':
      return extractJson(bytes);
    default:
      throw new DocumentFormatError(`unknown document format "${String(format)}"`);
  }
}

/**
 * Writes the document back in its own format with the targets (by segment index) merged in. A
 * null target leaves that segment as the file had it: the source text for text and JSON, the
 * existing (or absent/empty) target for XLIFF and PO. With all targets null, text, JSON, PO and
 * XLIFF come back byte for byte (except legacy-encoded files, which come back as UTF-8).
 * `drafts[i]` marks target i as unconfirmed (a fuzzy or MT pretranslation): XLIFF writes it as
 * `needs-review-translation` (1.2) or `initial` (2.x), never `translated`.
 */
export function mergeDocument(
  format: DocumentFormat,
  skeleton: unknown,
  targets: Array<string | null>,
  options: LanguagePair & { drafts?: boolean[] },
): Uint8Array {
  const filter = filterFor(format);
  if (filter) return filter.merge(checkSkeleton(format, skeleton, targets, 0), targets, options);
  const checked = checkSkeleton(format, skeleton, targets, 1) as AnySkeleton;
  switch (checked.format) {
    case 'text':
      return mergeText(checked, targets);
    case 'xliff12':
    case 'xliff20':
      return mergeXliff(checked, targets, options.trglang, options.drafts);
    case 'po':
      return mergePo(checked, targets, options.trglang);
    case 'json':
      return mergeJson(checked, targets);
  }
}

type AnySkeleton = TextSkeleton | XliffSkeleton | PoSkeleton | JsonSkeleton;

/** The skeleton, checked to be one of `format` with as many segments as targets. */
function checkSkeleton(
  format: DocumentFormat,
  skeleton: unknown,
  targets: Array<string | null>,
  version: number,
): SkeletonBase {
  const s = skeleton as Partial<SkeletonBase> | null;
  const badVersion = version !== 0 && s?.version !== version;
  if (typeof s !== 'object' || s === null || s.format !== format || badVersion) {
    throw new DocumentFormatError(`the skeleton is not one of a ${format} document`);
  }
  if (s.segmentCount !== targets.length) {
    throw new DocumentFormatError(
      `the document has ${String(s.segmentCount)} segments but ${targets.length} targets were given`,
    );
  }
  return s as SkeletonBase;
}
