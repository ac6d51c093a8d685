import { getBridge } from '../../../bridge';
import {
  documentFromPage,
  isFullyLoaded,
  withChanges,
  withPage,
  type PagedDocument,
} from './document-pages';
import { readFirstPage, readPage } from './first-page-read';

/** The largest page the server answers (`MAX_SEGMENT_PAGE`): the rest comes this many at a time. */
export const PAGE = 1000;
// A change committed just after the server read its clock carries an earlier second: asking
// a little before the last sync finds it (what is read twice is merged, not duplicated).
const SYNC_MARGIN_S = 2;

/**
 * One read of the document for the cache under ['documents', id], from what it holds now:
 * - nothing yet: the first page, and more until the segment to show first (the first one not
 *   confirmed) is there, so the editor opens on it;
 * - some of the segments: the next page (the editor asks for each until all are there);
 * - every segment: only what changed since the last read (a pretranslation's poll, a refresh).
 * A server without pages (an older team server) answers the whole document instead.
 */
export async function readDocument(
  id: number,
  cached: PagedDocument | undefined,
): Promise<PagedDocument> {
  if (!cached?.paging) {
    const opened = await openDocument(id);
    if (!cached || !opened.paging) return opened;
    // The cache came from a whole read (an upload's answer) that the merge keeps past the first
    // pages: what changed since it was read (after the document's last change) is asked next.
    const syncedAsOf = Math.min(opened.paging.syncedAsOf, cached.updated_at);
    return { ...opened, paging: { ...opened.paging, syncedAsOf } };
  }
  if (!isFullyLoaded(cached)) {
    return withPage(cached, await readPage({ id, offset: cached.segments.length, limit: PAGE }));
  }
  return readChanges(id, cached, cached.paging.syncedAsOf);
}

async function openDocument(id: number): Promise<PagedDocument> {
  let document: PagedDocument;
  try {
    document = documentFromPage(await readFirstPage(id));
  } catch {
    // A server without pages has no such route; any other failure the whole read meets again,
    // and the editor shows it from there.
    return getBridge().documents.get({ id });
  }
  while (!isFullyLoaded(document) && document.segments.every((segment) => segment.is_confirmed)) {
    const page = await readPage({ id, offset: document.segments.length, limit: PAGE });
    if (page.segments.length === 0) break;
    document = withPage(document, page);
  }
  return document;
}

async function readChanges(
  id: number,
  cached: PagedDocument,
  syncedAsOf: number,
): Promise<PagedDocument> {
  const since = Math.max(0, syncedAsOf - SYNC_MARGIN_S);
  const pages = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await readPage({ id, updated_since: since, offset, limit: PAGE });
    pages.push(page);
    if (page.segments.length < PAGE) break;
  }
  return withChanges(cached, pages);
}
