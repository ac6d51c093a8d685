import { useMemo } from 'react';
import type { DocumentComments } from '../../../../../shared/api/comments';
import type { Segment } from '../../../../../shared/api/segments';
import { useEditorStore } from '../editor-store';
import { findSegments, hasQaWarnings } from './find-segments';
import { useFindStore } from './find-store';
import { compileSearch, searchTexts } from './search';

/**
 * Which segments pass the find bar's filters and the "unresolved comments only" filter
 * (`unresolved`, when on), with a key that changes whenever one of the filters does.
 */
export function useSegmentFind(
  segments: readonly Segment[],
  comments: DocumentComments | undefined,
  unresolved: ReadonlySet<number> | null,
) {
  const status = useFindStore((state) => state.status);
  const search = useFindStore((state) => state.search);
  // Read only by the QA filter: other filters do not recompute when a confirm records warnings.
  const sessionQa = useEditorStore((state) => (status === 'qa' ? state.qaBySegment : null));
  const texts = useMemo(() => searchTexts(segments), [segments]);
  const compiled = useMemo(() => compileSearch(search), [search]);
  const found = useMemo(
    () =>
      findSegments(
        segments,
        texts,
        { status, search: compiled, scope: search.scope },
        {
          hasQaWarnings: (segment) => hasQaWarnings(segment, sessionQa ?? {}),
          hasComments: (segment) => (comments?.[String(segment.id)]?.length ?? 0) > 0,
        },
      ),
    [comments, compiled, search.scope, segments, sessionQa, status, texts],
  );
  const passes = useMemo(() => {
    if (!unresolved) return found;
    return segments.map(
      (segment, index) => unresolved.has(segment.id) && (found ? found[index] === true : true),
    );
  }, [found, segments, unresolved]);
  const hits = useMemo(
    () => (compiled.kind === 'ok' ? { pattern: compiled.pattern, scope: search.scope } : null),
    [compiled, search.scope],
  );
  const filterKey = JSON.stringify([status, compiled.kind === 'ok' ? search : null, !!unresolved]);
  return {
    passes,
    filterKey,
    invalidSearch: compiled.kind === 'invalid' ? compiled.message : null,
    isFindOn: found !== null,
    /** The search, to paint its hits in the rows. */
    hits,
  };
}
