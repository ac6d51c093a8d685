import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import type { Memory } from '../../../../shared/api/memories';
import type { Term } from '../../../../shared/api/tm';
import { languageName } from '../../components/file-format';
import './terms.css';

const ESTIMATED_ROW_PX = 38;

/** The further columns any term has (definition, part of speech…), in the order first seen. */
function extraColumns(terms: readonly Term[]): string[] {
  const names = new Set<string>();
  for (const term of terms) for (const name of Object.keys(term.extra)) names.add(name);
  return [...names];
}

/**
 * The terms as a table. Only the rows in view are in the page, so a termbase of thousands scrolls
 * as smoothly as one of ten.
 */
export function TermTable({ terms, memory }: { terms: readonly Term[]; memory: Memory }) {
  const scroller = useRef<HTMLDivElement>(null);
  const extras = useMemo(() => extraColumns(terms), [terms]);
  const columns = [
    languageName(memory.srclang),
    languageName(memory.trglang),
    ...extras.map((name) => name.replace(/_/g, ' ')),
  ];
  const template = { gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` };
  // The virtualizer hands back fresh functions each render; nothing here is memoized on them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: terms.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 10,
  });
  return (
    <div
      className="term-table"
      role="table"
      aria-label="Terms"
      aria-rowcount={terms.length + 1}
      data-testid="term-table"
    >
      <div className="term-row term-header" role="row" aria-rowindex={1} style={template}>
        {columns.map((column, index) => (
          <div key={index} className="term-cell" role="columnheader">
            {column}
          </div>
        ))}
      </div>
      <div className="term-table-scroll" ref={scroller}>
        <div className="term-table-body" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((row) => {
            const term = terms[row.index];
            if (!term) return null;
            return (
              <div
                key={row.key}
                ref={virtualizer.measureElement}
                className="term-row"
                role="row"
                aria-rowindex={row.index + 2}
                data-index={row.index}
                data-testid="term-row"
                style={{ ...template, transform: `translateY(${row.start}px)` }}
              >
                <div
                  className="term-cell"
                  role="cell"
                  lang={memory.srclang}
                  data-testid="term-source"
                >
                  {term.source}
                </div>
                <div
                  className="term-cell"
                  role="cell"
                  lang={memory.trglang}
                  data-testid="term-target"
                >
                  {term.target}
                </div>
                {extras.map((name) => (
                  <div key={name} className="term-cell term-cell-extra" role="cell">
                    {term.extra[name] ?? ''}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
