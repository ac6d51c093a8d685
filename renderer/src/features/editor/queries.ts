import { queryOptions } from '@tanstack/react-query';
import type { DocumentWithSegments } from '../../../../shared/api/documents';
import { getBridge } from '../../bridge';

// Pretranslation runs in the background; the document is read again until it ends.
const PRETRANSLATION_POLL_MS = 1000;
// Reviewers comment from other machines; their threads show up within this.
const COMMENTS_POLL_MS = 30_000;

export interface SegmentLookup {
  memoryId: number;
  segmentId: number;
  source: string;
}

/** A document with its segments, and what the editor asks about each segment. */
export const editorQueries = {
  document: (id: number) =>
    queryOptions({
      queryKey: ['documents', id] as const,
      queryFn: () => getBridge().documents.get({ id }),
      refetchInterval: (query) =>
        query.state.data?.is_pretranslating ? PRETRANSLATION_POLL_MS : false,
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

export type EditorDocument = DocumentWithSegments;
