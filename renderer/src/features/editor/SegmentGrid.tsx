import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { Segment } from '../../../../shared/api/segments';
import { SegmentRow } from './SegmentRow';

// Most segments fit two lines; rows are measured once rendered, so longer ones just take more.
const ESTIMATED_ROW_HEIGHT = 60;

interface SegmentGridProps {
  segments: Segment[];
  activeIndex: number;
  srclang: string;
  trglang: string;
  highlights: readonly (readonly [number, number])[];
  onActivate: (index: number) => void;
}

/** The document's segments, virtualized: only the rows in view (and a few more) are rendered. */
export function SegmentGrid({
  segments,
  activeIndex,
  srclang,
  trglang,
  highlights,
  onActivate,
}: SegmentGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler, so nothing memoizes what the virtualizer returns.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: segments.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    getItemKey: (index) => segments[index]?.id ?? index,
    overscan: 6,
  });

  // The active segment is always in view, wherever the keyboard moved it.
  useEffect(() => {
    virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, virtualizer]);

  return (
    <div
      ref={scrollRef}
      className="segment-grid"
      role="list"
      aria-label="Segments"
      data-testid="segment-grid"
    >
      <div className="segment-grid-inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const segment = segments[row.index];
          if (!segment) return null;
          return (
            <div
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              className="segment-grid-row"
              role="listitem"
              aria-setsize={segments.length}
              aria-posinset={row.index + 1}
              style={{ transform: `translateY(${row.start}px)` }}
            >
              <SegmentRow
                segment={segment}
                index={row.index}
                isActive={row.index === activeIndex}
                srclang={srclang}
                trglang={trglang}
                highlights={row.index === activeIndex ? highlights : undefined}
                onActivate={onActivate}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
