import { queryOptions, replaceEqualDeep } from '@tanstack/react-query';
import { getBridge } from '../../bridge';
import { mergeDocuments, type PagedDocument } from './loading/document-pages';
import { readDocument } from './loading/read-document';

// Pretranslation runs in the background; what it changed is read again until it ends.
const PRETRANSLATION_POLL_MS = 2000;
// Reviewers comment from other machines; their threads show up within this.
const COMMENTS_POLL_MS = 30_000;

export interface SegmentLookup {
  memoryId: number;
  segmentId: number;
  source: string;
}

/** A document with its segments, and what the editor asks about each segment. */
export const editorQueries = {
  /**
   * A document with its segments: opened with its first page, the rest read a page at a time in
   * the background (`useSegmentPages`), then only what changed (loading/read-document.ts).
   */
  document: (id: number) =>
    queryOptions({
      queryKey: ['documents', id] as const,
      queryFn: ({ client, queryKey }) =>
        readDocument(id, client.getQueryData<PagedDocument>(queryKey)),
      refetchInterval: (query) =>
        query.state.data?.is_pretranslating ? PRETRANSLATION_POLL_MS : false,
      // A read that left before a save answered must not undo it: newer cached segments stay.
      structuralSharing: (cached: unknown, fresh: unknown) => {
        const old = cached as PagedDocument | undefined;
        const next = fresh as PagedDocument;
        if (!old || old.id !== next.id) return fresh;
        return replaceEqualDeep(old, mergeDocuments(old, next));
      },
    }),
  /** Every translate lookup: a confirm teaches the memory, so they all go stale at once. */
  translations: ['translate'] as const,
  translate: ({ memoryId, segmentId, source }: SegmentLookup) =>
    queryOptions({
      queryKey: [...editorQueries.translations, memoryId, segmentId, source] as const,
      queryFn: () =>
        getBridge().translate.segment({ memory_id: memoryId, source, segment_id: segmentId }),
      staleTime: 60_000,
    }),
  /** A document's comment threads by segment id; other reviewers' comments arrive on refetch. */
  comments: (documentId: number) =>
    queryOptions({
      queryKey: ['comments', documentId] as const,
      queryFn: () => getBridge().comments.list({ document_id: documentId }),
      refetchInterval: COMMENTS_POLL_MS,
    }),
  termHits: (memoryId: number, source: string) =>
    queryOptions({
      queryKey: ['term-hits', memoryId, source] as const,
      queryFn: () => getBridge().memories.termHits({ id: memoryId, query: source }),
      staleTime: 60_000,
    }),
};

export type EditorDocument = PagedDocument;
