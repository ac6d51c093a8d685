import type { DocumentFormat } from '../../shared/api/documents';
import type { Segment } from '../../shared/api/segments';
import { exportXliff12, mergeDocument } from '../formats/documents';
import type { DocumentRef } from './document-store';

/** A file to send: bytes, type and the name to save it under. */
export interface DocumentFile {
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
}

const CONTENT_TYPES: Record<DocumentFormat, string> = {
  text: 'text/plain; charset=utf-8',
  xliff12: 'application/xliff+xml; charset=utf-8',
  xliff20: 'application/xliff+xml; charset=utf-8',
  po: 'text/x-gettext-translation; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

const xliffName = (name: string) => (/\.(xlf|xliff)$/i.test(name) ? name : `${name}.xlf`);

/** The bilingual XLIFF 1.2 of every segment: confirmed ones `translated`, reviewed `final`. */
export function xliffFile(document: DocumentRef, segments: Segment[]): DocumentFile {
  const bytes = exportXliff12({
    name: document.name,
    srclang: document.srclang,
    trglang: document.trglang,
    segments: segments.map((s) => ({
      source: s.source,
      target: s.target === '' ? null : s.target,
      state: s.is_reviewed ? 'final' : s.is_confirmed ? 'translated' : 'new',
    })),
  });
  return { bytes, contentType: CONTENT_TYPES.xliff12, fileName: xliffName(document.name) };
}

/**
 * The document in its own format with every non-empty target merged in. Segments added after
 * the import (`POST /v2/segments` with a document) have no place in the original file: they
 * are in the XLIFF export only.
 */
export function originalFile(
  document: DocumentRef,
  skeleton: unknown,
  segments: Segment[],
): DocumentFile {
  const count = (skeleton as { segmentCount?: number } | null)?.segmentCount ?? 0;
  const targets: Array<string | null> = new Array<string | null>(count).fill(null);
  for (const segment of segments) {
    if (segment.index < count && segment.target !== '') targets[segment.index] = segment.target;
  }
  const bytes = mergeDocument(document.format, skeleton, targets, {
    srclang: document.srclang,
    trglang: document.trglang,
  });
  return { bytes, contentType: CONTENT_TYPES[document.format], fileName: document.name };
}
