import { queryOptions } from '@tanstack/react-query';
import type { SourceFile } from '../../../shared/api/files';
import { getBridge } from '../bridge';

// Detection of a short text takes about a second; asking more often only loads the server.
const DETECTION_POLL_MS = 1000;

function isAnyDetecting(files: readonly SourceFile[] | undefined): boolean {
  return files?.some((file) => file.is_detecting) ?? false;
}

/**
 * Stored files, one cached list per label filter (files having all of the labels): the Files view's
 * lists, and the editor's reference material (the unfiltered list, `referenceFilesOf`).
 */
export const fileQueries = {
  all: ['files'] as const,
  lists: () => [...fileQueries.all, 'list'] as const,
  list: (labels: readonly string[] = []) => {
    // The order of the labels does not change the answer: one cache entry per set.
    const sorted = [...labels].sort();
    return queryOptions({
      queryKey: [...fileQueries.lists(), { labels: sorted }] as const,
      queryFn: () => getBridge().files.list(sorted.length ? { labels: sorted } : {}),
      // Poll only while a file's language is being detected, then stop.
      refetchInterval: (query) => (isAnyDetecting(query.state.data) ? DETECTION_POLL_MS : false),
    });
  },
};

/** A project's reference material: files uploaded with its id in category REFERENCE. */
export function referenceFilesOf(files: readonly SourceFile[], projectId: number): SourceFile[] {
  return files.filter((file) => file.category === 'REFERENCE' && file.project_id === projectId);
}
