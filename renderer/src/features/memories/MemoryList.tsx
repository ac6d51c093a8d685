import type { KeyboardEvent } from 'react';
import type { Memory } from '../../../../shared/api/memories';
import { MemoryRow } from './MemoryRow';

interface MemoryListProps {
  memories: readonly Memory[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** Up and Down move between the memories, Home and End to the ends; Enter or Space opens one. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const buttons = Array.from(
    event.currentTarget.querySelectorAll<HTMLButtonElement>('.memory-row-select'),
  );
  const at = buttons.findIndex((button) => button === document.activeElement);
  if (at < 0) return;
  event.preventDefault();
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? buttons.length - 1
        : Math.min(buttons.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)));
  buttons[next]?.focus();
}

/** Every memory (sorted by the caller): its pair, size and state. The selected one's details show beside it. */
export function MemoryList({ memories, selectedId, onSelect }: MemoryListProps) {
  return (
    <nav className="memory-list-nav" aria-label="Memories">
      <p className="memory-list-count">
        {memories.length === 1 ? '1 memory' : `${memories.length.toLocaleString()} memories`}
      </p>
      <ul className="memory-list" data-testid="memory-list" onKeyDown={moveFocus}>
        {memories.map((memory) => (
          <MemoryRow
            key={memory.id}
            memory={memory}
            isSelected={memory.id === selectedId}
            onSelect={onSelect}
          />
        ))}
      </ul>
    </nav>
  );
}
