import type { KeyboardEvent } from 'react';
import type { Memory } from '../../../../shared/api/memories';
import { termCountLabel } from '../../components/tm-format';
import type { MemoryTab } from './use-memory-route';

const TABS: { id: MemoryTab; label: string; testId: string }[] = [
  { id: 'search', label: 'Search', testId: 'memory-search-tab' },
  { id: 'concordance', label: 'Concordance', testId: 'memory-concordance-tab' },
  { id: 'terms', label: 'Termbase', testId: 'memory-terms' },
];

interface MemoryTabsProps {
  memory: Memory;
  tab: MemoryTab;
  onTab: (tab: MemoryTab) => void;
}

/** Search the units (fuzzy, or for a word or phrase) or list the terms. Left and Right move between the tabs (ARIA tabs). */
export function MemoryTabs({ memory, tab, onTab }: MemoryTabsProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const at = TABS.findIndex((item) => item.id === tab);
    const next = TABS[(at + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    if (!next) return;
    onTab(next.id);
    document.getElementById(`memory-tab-${next.id}`)?.focus();
  };
  return (
    <div className="memory-tabs" role="tablist" aria-label="Memory contents" onKeyDown={onKeyDown}>
      {TABS.map((item) => {
        const isSelected = item.id === tab;
        return (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`memory-tab-${item.id}`}
            className="memory-tab"
            aria-selected={isSelected}
            aria-controls={`memory-panel-${item.id}`}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onTab(item.id)}
            data-testid={item.testId}
          >
            {item.label}
            {item.id === 'terms' ? (
              <span className="memory-tab-count">{termCountLabel(memory.num_terms)}</span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
