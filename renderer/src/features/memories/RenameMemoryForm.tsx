import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Memory } from '../../../../shared/api/memories';
import { toIpcError } from '../../bridge/ipc-errors';
import { useMemoriesStore } from './memories-store';
import { checkMemoryName } from './memory-form';
import { useRenameMemory } from './mutations';

interface RenameMemoryFormProps {
  memory: Memory;
  onDone: () => void;
}

/** The name, editable in place: Enter saves, Esc leaves it as it was. */
export function RenameMemoryForm({ memory, onDone }: RenameMemoryFormProps) {
  const [name, setName] = useState(memory.name);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useRenameMemory({
    onSuccess: (renamed) => {
      useMemoriesStore.getState().showNotice(`Renamed “${memory.name}” to “${renamed.name}”.`);
      onDone();
    },
    onError: (error) => setProblem(toIpcError(error).message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === memory.name) return onDone();
    const invalid = checkMemoryName(trimmed);
    setProblem(invalid ?? null);
    if (!invalid) rename.mutate({ id: memory.id, name: trimmed });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onDone();
  };
  return (
    <form className="memory-rename-form" onSubmit={submit} noValidate>
      <label htmlFor="memory-rename-input" className="visually-hidden">
        New name for {memory.name}
      </label>
      <input
        id="memory-rename-input"
        type="text"
        value={name}
        // The form exists only because the user asked to rename: the field is where they go.
        autoFocus
        onChange={(event) => setName(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'memory-rename-error' : undefined}
        data-testid="memory-rename-input"
      />
      <button
        type="submit"
        className="button button-small button-primary"
        disabled={rename.isPending}
        data-testid="memory-rename-save"
      >
        {rename.isPending ? 'Saving…' : 'Save'}
      </button>
      <button type="button" className="button button-small" onClick={onDone}>
        Cancel
      </button>
      {problem ? (
        <p className="field-error memory-rename-error" id="memory-rename-error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
