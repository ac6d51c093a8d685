import type { QueryClient } from '@tanstack/react-query';
import { editorRouteOfHash } from '../../../app/editor-route';
import { editorQueries } from '../queries';

/**
 * Starts reading the document an address opens (`#/editor?project=3&document=7`) into `client`,
 * before anything renders: the first page is on its way while the shell renders and paints,
 * instead of leaving from the editor's effects after the first frame. The read takes the first
 * page asked for as the page started (first-page-read.ts), and the editor's query picks it up in
 * flight. Returns the document's id, or null when the address opens none.
 */
export function prefetchOpenDocument(client: QueryClient, hash: string): number | null {
  const documentId = editorRouteOfHash(hash)?.documentId ?? null;
  if (documentId === null) return null;
  // A failure shows in the editor, whose query owns it; nothing to catch here.
  void client.prefetchQuery(editorQueries.document(documentId));
  return documentId;
}
