import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { DocumentComments } from '../../../../../shared/api/comments';
import type { DocumentWithSegments } from '../../../../../shared/api/documents';
import { useEditorStore } from '../editor-store';
import { indexIgnores } from '../qa/ignores';
import { qaIgnoreQueries } from '../qa/qa-ignore-queries';
import { findSegments, hasQaWarnings } from './find-segments';
import { useFindStore } from './find-store';
import { compileSearch, searchTexts } from './search';

/**
 * Which segments pass the find bar's filters and the "unresolved comments only" filter
 * (`unresolved`, when on), with a key that changes whenever one of the filters does.
 */
export function useSegmentFind(
  document: Pick<DocumentWithSegments, 'id' | 'srclang' | 'trglang' | 'segments'>,
  comments: DocumentComments | undefined,
  unresolved: ReadonlySet<number> | null,
) {
  const status = useFindStore((state) => state.status);
  const search = useFindStore((state) => state.search);
  // Read only by the QA filter: other filters do not recompute when a confirm records warnings.
  const sessionQa = useEditorStore((state) => (status === 'qa' ? state.qaBySegment : null));
  // The same warnings as the QA report's: in the document's languages, ignored ones left out.
  const ignoreList = useQuery({ ...qaIgnoreQueries.list(document.id), enabled: status === 'qa' });
  const ignores = useMemo(() => indexIgnores(ignoreList.data), [ignoreList.data]);
  const { segments, srclang, trglang } = document;
  const languages = useMemo(() => ({ source: srclang, target: trglang }), [srclang, trglang]);
  const texts = useMemo(() => searchTexts(segments), [segments]);
  const compiled = useMemo(() => compileSearch(search), [search]);
  const found = useMemo(
    () =>
      findSegments(
        segments,
        texts,
        { status, search: compiled, scope: search.scope },
        {
          hasQaWarnings: (segment) => hasQaWarnings(segment, sessionQa ?? {}, languages, ignores),
          hasComments: (segment) => (comments?.[String(segment.id)]?.length ?? 0) > 0,
        },
      ),
    [comments, compiled, ignores, languages, search.scope, segments, sessionQa, status, texts],
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
