import { CONTENT_TYPES } from '../formats/documents';
import type { Segment } from '../../shared/api/segments';
import type { DocumentPool } from './document-pool';
import type { DocumentRef } from './document-queries';
import type { ExportRow } from './document-worker';

/** A file to send: bytes, type and the name to save it under. */
export interface DocumentFile {
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
}

/** Segments read per turn of the event loop while a download is prepared. */
const PAGE = 2_000;

const xliffName = (name: string) => (/\.(xlf|xliff)$/i.test(name) ? name : `${name}.xlf`);

const toRow = (s: Segment): ExportRow => ({
  index: s.index,
  source: s.source,
  target: s.target,
  state: s.is_reviewed ? 'final' : s.is_confirmed ? 'translated' : 'draft',
});

export interface DownloadSources {
  pool: DocumentPool;
  /** A document's segments in order, after `after`. */
  page(documentId: number, after: Segment | null, limit: number): Promise<Segment[]>;
  /** The stored skeleton (JSON), read a part per turn. */
  skeletonJson(documentId: number): Promise<string | null>;
}

/**
 * The document as a file, written in a worker from its segments read a page at a time:
 * `xliff`, the bilingual XLIFF 1.2 of every segment (confirmed ones `translated`, reviewed
 * `final`, unconfirmed ones `needs-review-translation`); `original`, its own format with every non-empty target merged in. Segments added
 * after the import (`POST /v2/segments` with a document) have no place in the original file:
 * they are in the XLIFF only.
 */
export async function documentFile(
  sources: DownloadSources,
  document: DocumentRef,
  as: 'xliff' | 'original',
): Promise<DocumentFile> {
  let after: Segment | null = null;
  let done = false;
  const pages = async () => {
    if (done) return null;
    const page = await sources.page(document.id, after, PAGE);
    done = page.length < PAGE;
    after = page[page.length - 1] ?? after;
    return page.map(toRow);
  };
  const skeletonJson = as === 'original' ? await sources.skeletonJson(document.id) : null;
  const bytes = await sources.pool.exportFile(as, document, skeletonJson, pages);
  return as === 'xliff'
    ? { bytes, contentType: CONTENT_TYPES.xliff12, fileName: xliffName(document.name) }
    : { bytes, contentType: CONTENT_TYPES[document.format], fileName: document.name };
}
