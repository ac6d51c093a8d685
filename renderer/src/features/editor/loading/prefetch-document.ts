import type { QueryClient } from '@tanstack/react-query';
import { editorRouteOfHash } from '../../../app/editor-route';
import { editorQueries } from '../queries';

/**
 * Starts reading the document an address opens (`#/editor?project=3&document=7`) into `client`,
 * before anything renders: the first page is on its way while the shell renders and paints,
 * instead of leaving from the editor's effects after the first frame. The editor's query picks
 * up the read in flight. Returns the document's id, or null when the address opens none.
 */
export function prefetchOpenDocument(client: QueryClient, hash: string): number | null {
  const documentId = editorRouteOfHash(hash)?.documentId ?? null;
  if (documentId === null) return null;
  // A failure shows in the editor, whose query owns it; nothing to catch here.
  void client.prefetchQuery(editorQueries.document(documentId));
  return documentId;
}
