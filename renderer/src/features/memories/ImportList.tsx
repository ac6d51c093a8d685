import { useShallow } from 'zustand/react/shallow';
import { isImportFinished, useImportStore } from './import-store';
import { ImportRow } from './ImportRow';
import type { Importer } from './importer';

/** This memory's imports of this window, until dismissed: waiting, running, finished. */
export function ImportList({ memoryId, importer }: { memoryId: number; importer: Importer }) {
  const items = useImportStore(
    useShallow((state) => state.items.filter((item) => item.memoryId === memoryId)),
  );
  const dismiss = useImportStore((state) => state.dismiss);
  const clearFinished = useImportStore((state) => state.clearFinished);
  if (items.length === 0) return null;
  const finished = items.filter(isImportFinished).length;
  return (
    <section className="memory-imports" aria-label="Imports" data-testid="memory-imports">
      <ul className="memory-import-rows">
        {items.map((item) => (
          <ImportRow key={item.key} item={item} importer={importer} onDismiss={dismiss} />
        ))}
      </ul>
      {finished > 1 ? (
        <button
          type="button"
          className="button button-small memory-imports-clear"
          onClick={() => clearFinished(memoryId)}
        >
          Clear finished
        </button>
      ) : null}
    </section>
  );
}
