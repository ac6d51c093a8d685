import type {
  DocumentSegmentsPage,
  DocumentWithSegments,
} from '../../../../../shared/api/documents';
import type { Segment } from '../../../../../shared/api/segments';
import { isNewerSegment, mergeSegments } from '../grid/segments';

/** How the editor reads a long document: its first rows at once, the rest in the background. */
export interface DocumentPaging {
  /** How many segments the document has; `segments` holds the first ones (all once loaded). */
  total: number;
  /** The server's clock at the last read of what changed (or of the first page): asked since. */
  syncedAsOf: number;
}

/**
 * The document as the editor caches it under ['documents', id]: `segments` are the document's
 * first segments in order, every one once loaded, so whoever reads `document.segments` (find,
 * QA, comments, replace) sees a shorter document meanwhile, never one with holes. Without
 * `paging` (read whole, or set by someone else) it is complete.
 */
export type PagedDocument = DocumentWithSegments & { paging?: DocumentPaging };

/** How many segments the document has, loaded or not. */
export const segmentTotal = (document: PagedDocument): number =>
  Math.max(document.paging?.total ?? 0, document.segments.length);

export const isFullyLoaded = (document: PagedDocument): boolean =>
  document.segments.length >= segmentTotal(document);

/** The document of a first page read. */
export function documentFromPage(page: DocumentSegmentsPage): PagedDocument {
  return {
    ...page.document,
    segments: page.segments,
    paging: { total: page.total, syncedAsOf: page.as_of },
  };
}

/**
 * `page` added to the cached document. A page that starts past the loaded segments is dropped
 * (they stay in order, without holes); segments the cache already holds keep their newer copy
 * (a save that answered while the page was on its way). The page's document is newer.
 */
export function withPage(cached: PagedDocument, page: DocumentSegmentsPage): PagedDocument {
  const loaded = cached.segments;
  if (page.offset > loaded.length) return cached;
  const byId = new Map(loaded.map((segment) => [segment.id, segment]));
  const added = page.segments
    .slice(loaded.length - page.offset)
    .filter((segment) => !byId.has(segment.id));
  const overlap = page.segments.slice(0, loaded.length - page.offset);
  const segments = [...withChanged(loaded, overlap), ...added];
  // Nothing where more was counted (segments gone meanwhile): what is loaded is all there is.
  const isEnd = page.segments.length === 0 && page.offset === loaded.length;
  return {
    ...cached,
    ...page.document,
    segments,
    paging: {
      total: isEnd ? loaded.length : page.total,
      syncedAsOf: cached.paging?.syncedAsOf ?? page.as_of,
    },
  };
}

/** `changed` segments in place of their older cached copies; those not loaded yet are skipped. */
export function withChanged(segments: Segment[], changed: readonly Segment[]): Segment[] {
  if (changed.length === 0) return segments;
  const at = new Map(segments.map((segment, index) => [segment.id, index]));
  let next: Segment[] | null = null;
  for (const segment of changed) {
    const index = at.get(segment.id);
    const current = index === undefined ? undefined : segments[index];
    if (index === undefined || !current || isNewerSegment(current, segment)) continue;
    if (current.revision === segment.revision && current.updated_at === segment.updated_at) {
      continue;
    }
    next ??= [...segments];
    next[index] = segment;
  }
  return next ?? segments;
}

/** What changed since the last sync (every page of it), applied to the cached document. */
export function withChanges(
  cached: PagedDocument,
  pages: readonly DocumentSegmentsPage[],
): PagedDocument {
  const last = pages[pages.length - 1];
  if (!last) return cached;
  const segments = withChanged(
    cached.segments,
    pages.flatMap((page) => page.segments),
  );
  return {
    ...cached,
    ...last.document,
    segments,
    paging: { total: last.total, syncedAsOf: pages[0]!.as_of },
  };
}

/**
 * A read (`fresh`, built from what was cached when it began) merged with what is cached now: a
 * segment saved meanwhile keeps its newer copy, and segments cached past the read's stay.
 */
export function mergeDocuments(
  cached: PagedDocument | undefined,
  fresh: PagedDocument,
): PagedDocument {
  if (!cached || cached.id !== fresh.id) return fresh;
  const merged = mergeSegments(cached.segments, fresh.segments);
  const tail = cached.segments.slice(fresh.segments.length);
  const segments = tail.length > 0 ? [...merged, ...tail] : merged;
  return segments === fresh.segments ? fresh : { ...fresh, segments };
}
