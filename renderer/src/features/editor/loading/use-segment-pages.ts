import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { editorQueries } from '../queries';
import { segmentTotal, type PagedDocument } from './document-pages';

/**
 * Reads the rest of an open document's segments, a page per read of its query, until every one
 * is there. Each read is the query's own (loading/read-document.ts), so it never runs beside a
 * poll or another page, a save's cancel stops it (and it goes on once the save began), and
 * whatever answers lands through the query's merge, which keeps newer saved segments.
 */
export function useSegmentPages(
  document: PagedDocument,
  /** False while the reads must wait (the editor's first frame). */
  isEnabled = true,
): { loaded: number; total: number } {
  const queryClient = useQueryClient();
  const { queryKey } = editorQueries.document(document.id);
  const isFetching = useIsFetching({ queryKey, exact: true }) > 0;
  const loaded = document.segments.length;
  const total = segmentTotal(document);
  const isFailed = queryClient.getQueryState(queryKey)?.status === 'error';

  useEffect(() => {
    if (!isEnabled || loaded >= total || isFetching || isFailed) return;
    void queryClient.refetchQueries({ queryKey, exact: true }, { cancelRefetch: false });
    // The key is a new array each render; the id in it is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [document.id, isEnabled, loaded, total, isFetching, isFailed, queryClient]);

  return { loaded, total };
}
