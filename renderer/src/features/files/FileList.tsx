import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { SourceFile } from '../../../../shared/api/files';
import { FileRow } from './FileRow';
import { useTranslateStore } from './translate-store';
import './file-table.css';

// One line of text and a chip, with padding; rows with many labels measure themselves.
const ESTIMATED_ROW_PX = 52;
const COLUMNS = [
  'Select',
  'Name',
  'Size',
  'Language',
  'Category',
  'Labels',
  'Created',
  'Actions',
] as const;

/**
 * The files as a table. Only the rows in view (and a few around them) are in the page, so a
 * list of thousands scrolls as smoothly as one of ten.
 */
export function FileList({ files }: { files: readonly SourceFile[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer hands back fresh functions each render; nothing here is memoized on them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: files.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => files[index]?.id ?? index,
    overscan: 8,
  });
  const selectedIds = useTranslateStore((state) => state.selectedIds);
  const ids = files.map((file) => file.id);
  const isAllSelected = ids.length > 0 && ids.every((id) => selectedIds.includes(id));
  return (
    <div
      className="file-table"
      role="table"
      aria-label="Files"
      aria-rowcount={files.length + 1}
      data-testid="file-list"
    >
      <div className="file-table-scroll" ref={scroller}>
        <div className="file-row file-header" role="row" aria-rowindex={1}>
          {COLUMNS.map((column) => (
            <div
              key={column}
              className={`file-cell file-cell-${column.toLowerCase()}`}
              role="columnheader"
            >
              {column === 'Select' ? (
                <input
                  type="checkbox"
                  checked={isAllSelected}
                  onChange={() => useTranslateStore.getState().toggleAll(ids)}
                  aria-label="Select all files shown"
                  data-testid="file-select-all"
                />
              ) : column === 'Actions' ? (
                <span className="visually-hidden">Actions</span>
              ) : (
                column
              )}
            </div>
          ))}
        </div>
        <div className="file-table-body" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((row) => {
            const file = files[row.index];
            if (!file) return null;
            return (
              <div
                key={row.key}
                ref={virtualizer.measureElement}
                className="file-row"
                role="row"
                aria-rowindex={row.index + 2}
                data-index={row.index}
                data-testid="file-row"
                data-file-name={file.name}
                data-file-id={file.id}
                style={{ transform: `translateY(${row.start}px)` }}
              >
                <FileRow file={file} isSelected={selectedIds.includes(file.id)} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
