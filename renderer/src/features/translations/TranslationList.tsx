import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { TranslationInfo } from '../../../../shared/api/file-translation';
import { TranslationRow } from './TranslationRow';

// Names, a progress bar and a line of details; rows with an error or warning measure themselves.
const ESTIMATED_ROW_PX = 118;

/** The translations, newest first; only the rows in view are in the page. */
export function TranslationList({ translations }: { translations: readonly TranslationInfo[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer hands back fresh functions each render; nothing here is memoized on them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: translations.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => translations[index]?.id ?? index,
    overscan: 6,
  });
  return (
    <div className="translation-list" ref={scroller}>
      <ul
        className="translation-list-body"
        aria-label="File translations"
        data-testid="translation-list"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const info = translations[row.index];
          if (!info) return null;
          return (
            <li
              key={row.key}
              ref={virtualizer.measureElement}
              className="translation-row"
              data-index={row.index}
              data-testid="translation-row"
              data-translation-id={info.id}
              data-file-name={info.fileName}
              data-status={info.status}
              style={{ transform: `translateY(${row.start}px)` }}
            >
              <TranslationRow info={info} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
