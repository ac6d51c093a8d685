import { useState } from 'react';
import type { Memory } from '../../../../shared/api/memories';
import { languageName } from '../../components/file-format';
import { DownloadIcon, TrashIcon } from '../../components/icons';
import {
  epochIso,
  formatEpochDateTime,
  termCountLabel,
  unitCountLabel,
} from '../../components/tm-format';
import { useMemoriesStore } from './memories-store';
import { useExportMemory } from './mutations';
import { RenameMemoryForm } from './RenameMemoryForm';

/** The memory's name (renamed in place), pair and counts, and what can be done with it. */
export function MemoryHeader({ memory }: { memory: Memory }) {
  const [isRenaming, setIsRenaming] = useState(false);
  const { openDialog, showAlert, showNotice } = useMemoriesStore.getState();
  const exportMemory = useExportMemory({
    onSuccess: (result) => {
      if ('savedTo' in result) showNotice(`Saved ${memory.name} as TMX to ${result.savedTo}.`);
    },
    onError: (error) => showAlert({ title: `${memory.name} could not be exported`, error }),
  });
  return (
    <header className="memory-header">
      <div className="memory-header-title">
        {isRenaming ? (
          <RenameMemoryForm memory={memory} onDone={() => setIsRenaming(false)} />
        ) : (
          <>
            <h2 id="memory-detail-title" data-testid="memory-detail-name">
              {memory.name}
            </h2>
            <button
              type="button"
              className="button button-small"
              onClick={() => setIsRenaming(true)}
              aria-label={`Rename ${memory.name}`}
              data-testid="memory-rename"
            >
              Rename
            </button>
          </>
        )}
      </div>
      <p className="memory-header-facts">
        <span data-testid="memory-detail-pair">
          {languageName(memory.srclang)} → {languageName(memory.trglang)}
        </span>
        <span aria-hidden="true">·</span>
        <span data-testid="memory-detail-units">{unitCountLabel(memory.num_segments)}</span>
        <span aria-hidden="true">·</span>
        <span data-testid="memory-detail-terms">{termCountLabel(memory.num_terms)}</span>
        <span aria-hidden="true">·</span>
        <span>
          Updated{' '}
          <time dateTime={epochIso(memory.updated_at)}>
            {formatEpochDateTime(memory.updated_at)}
          </time>
        </span>
      </p>
      <div className="memory-header-actions">
        <button
          type="button"
          className="button button-small memory-action"
          onClick={() => exportMemory.mutate({ id: memory.id })}
          disabled={exportMemory.isPending}
          data-testid="memory-export"
        >
          <DownloadIcon aria-hidden="true" />
          {exportMemory.isPending ? 'Exporting…' : 'Export TMX'}
        </button>
        <button
          type="button"
          className="button button-small button-danger-quiet memory-action"
          onClick={() => openDialog({ kind: 'delete', id: memory.id, name: memory.name })}
          data-testid="memory-delete"
        >
          <TrashIcon aria-hidden="true" />
          Delete
        </button>
      </div>
    </header>
  );
}
