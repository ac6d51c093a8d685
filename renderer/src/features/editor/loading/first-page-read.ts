import type {
  DocumentSegmentsPage,
  DocumentSegmentsQuery,
} from '../../../../../shared/api/documents';
import { editorRouteOfHash } from '../../../app/editor-route';
import { getBridge } from '../../../bridge';

/** The rows a screen of the editor shows, and a few more: what opens a document. */
export const FIRST_PAGE = 50;

export const readPage = (query: DocumentSegmentsQuery): Promise<DocumentSegmentsPage> =>
  getBridge().documents.segments(query);

let started: { id: number; page: Promise<DocumentSegmentsPage> } | null = null;

/**
 * Asks for the first page of the document an address opens (`#/editor?project=3&document=7`),
 * from the first module the page runs (start-first-page-read.ts): the request is on its way
 * while the rest of the app's code is evaluated, not after. The editor's first read takes it.
 */
export function startFirstPageRead(hash: string): void {
  const id = editorRouteOfHash(hash)?.documentId ?? null;
  if (id === null) return;
  const page = readPage({ id, offset: 0, limit: FIRST_PAGE });
  // Whoever takes the read handles its failure; one never taken must not be reported unhandled.
  page.catch(() => undefined);
  started = { id, page };
}

/** The first page of document `id`: the read started with the page, once, or a new one. */
export function readFirstPage(id: number): Promise<DocumentSegmentsPage> {
  const early = started;
  started = null;
  return early?.id === id ? early.page : readPage({ id, offset: 0, limit: FIRST_PAGE });
}
