import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { DocumentComments } from '../../../../../shared/api/comments';
import type { Segment } from '../../../../../shared/api/segments';
import { summarize, threadOf } from '../comments/comment-threads';
import { paintSearchHits, type HitPattern } from '../find/search-highlights';
import { SegmentRow } from './SegmentRow';

// Most segments fit two lines; rows are measured once rendered, so longer ones just take more.
const ESTIMATED_ROW_HEIGHT = 60;

interface SegmentGridProps {
  segments: Segment[];
  /** The indices of the segments shown, in order (all of them unless a filter is on). */
  shown: readonly number[];
  activeIndex: number;
  srclang: string;
  trglang: string;
  highlights: readonly (readonly [number, number])[];
  comments: DocumentComments | undefined;
  onActivate: (index: number) => void;
  /** The search whose hits are painted in the rows in view. */
  hits?: HitPattern | null;
  /** Rows still loading after the shown ones: a placeholder of their estimated height. */
  pending?: number;
}

/** The document's segments, virtualized: only the rows in view (and a few more) are rendered. */
export function SegmentGrid({
  segments,
  shown,
  activeIndex,
  srclang,
  trglang,
  highlights,
  comments,
  onActivate,
  hits = null,
  pending = 0,
}: SegmentGridProps) {
  const rowCount = shown.length + pending;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer lays out every row it counts whenever its count or key function changes (a
  // loop over all of them): it counts the loaded rows only, and keeps its key function while
  // the rows stay the same, so a long document opens laying out its first page, not every row.
  const getItemKey = useCallback(
    (position: number) => segments[shown[position] ?? -1]?.id ?? position,
    [segments, shown],
  );
  // The app does not use the React Compiler, so nothing memoizes what the virtualizer returns.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    getItemKey,
    overscan: 6,
  });
  const loadedHeight = virtualizer.getTotalSize();

  // The active segment is always in view, wherever the keyboard moved it.
  const activePosition = shown.indexOf(activeIndex);
  useEffect(() => {
    if (activePosition >= 0) virtualizer.scrollToIndex(activePosition, { align: 'auto' });
  }, [activePosition, virtualizer]);

  // The rows in view change with every scroll, so the hits are painted again after each render.
  useLayoutEffect(() => paintSearchHits(scrollRef.current, hits));
  useEffect(() => () => paintSearchHits(null, null), []);

  return (
    <div
      ref={scrollRef}
      className="segment-grid"
      role="list"
      aria-label="Segments"
      data-testid="segment-grid"
    >
      <div
        className="segment-grid-inner"
        style={{ height: loadedHeight + pending * ESTIMATED_ROW_HEIGHT }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const index = shown[row.index] ?? -1;
          const segment = segments[index];
          if (!segment) return null;
          const { count, unresolved } = summarize(threadOf(comments, segment.id));
          return (
            <div
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              className="segment-grid-row"
              role="listitem"
              aria-setsize={rowCount}
              aria-posinset={row.index + 1}
              style={{ transform: `translateY(${row.start}px)` }}
            >
              <SegmentRow
                segment={segment}
                index={index}
                isActive={index === activeIndex}
                srclang={srclang}
                trglang={trglang}
                highlights={index === activeIndex ? highlights : undefined}
                commentCount={count}
                unresolvedComments={unresolved}
                onActivate={onActivate}
              />
            </div>
          );
        })}
        {pending > 0 ? (
          // One block for every row still loading, drawn as rows of the estimated height.
          <div
            className="segment-grid-row segment-placeholder"
            aria-hidden="true"
            data-testid="segment-placeholder"
            style={{
              height: pending * ESTIMATED_ROW_HEIGHT,
              transform: `translateY(${loadedHeight}px)`,
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
