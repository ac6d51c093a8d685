import type { Memory } from '../../../shared/api/memories';

/** `Help texts (en → es)`: a memory names the language pair a translation takes. */
export const memoryLabel = (memory: Memory) =>
  `${memory.name} (${memory.srclang} → ${memory.trglang})`;

interface MemorySelectProps {
  id: string;
  memories: readonly Memory[];
  value: number | undefined;
  onChange: (id: number) => void;
  testId: string;
  disabled?: boolean;
  describedBy?: string;
}

/** Picks one translation memory; each option shows its language pair. */
export function MemorySelect(props: MemorySelectProps) {
  const { id, memories, value, onChange, testId, disabled, describedBy } = props;
  return (
    <select
      id={id}
      value={value ?? ''}
      onChange={(event) => onChange(Number(event.target.value))}
      disabled={disabled || memories.length === 0}
      aria-describedby={describedBy}
      data-testid={testId}
    >
      {value === undefined ? <option value="">No memory yet</option> : null}
      {memories.map((memory) => (
        <option key={memory.id} value={memory.id}>
          {memoryLabel(memory)}
        </option>
      ))}
    </select>
  );
}
