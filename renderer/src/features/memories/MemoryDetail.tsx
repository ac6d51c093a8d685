import type { Memory } from '../../../../shared/api/memories';
import { useFileDrop } from '../../hooks/use-file-drop';
import { ImportList } from './ImportList';
import { ConcordanceSearch } from './ConcordanceSearch';
import { useMemoriesStore } from './memories-store';
import { MemoryHeader } from './MemoryHeader';
import { MemoryImportZone } from './MemoryImportZone';
import { MemoryTabs } from './MemoryTabs';
import { TermsPanel } from './TermsPanel';
import { TmSearch } from './TmSearch';
import type { MemoryTab } from './use-memory-route';
import { useImporter } from './use-importer';

interface MemoryDetailProps {
  memory: Memory;
  tab: MemoryTab;
  onTab: (tab: MemoryTab) => void;
}

/** One memory: what it holds, imports into it (drop anywhere on the pane), search, terms. */
export function MemoryDetail({ memory, tab, onTab }: MemoryDetailProps) {
  const importer = useImporter();
  const importFiles = (files: File[]) =>
    importer.enqueue(memory.id, files, useMemoriesStore.getState().importOptions);
  const drop = useFileDrop(importFiles);
  return (
    <section
      className={drop.isDragging ? 'memory-detail memory-detail-dragging' : 'memory-detail'}
      aria-labelledby="memory-detail-title"
      data-testid="memory-detail"
      data-memory-id={memory.id}
      {...drop.handlers}
    >
      <MemoryHeader memory={memory} />
      <MemoryImportZone memory={memory} isDragging={drop.isDragging} onFiles={importFiles} />
      <ImportList memoryId={memory.id} importer={importer} />
      <MemoryTabs memory={memory} tab={tab} onTab={onTab} />
      <div
        className="memory-tab-panel"
        role="tabpanel"
        id={`memory-panel-${tab}`}
        aria-labelledby={`memory-tab-${tab}`}
      >
        {tab === 'search' ? (
          <TmSearch memory={memory} />
        ) : tab === 'concordance' ? (
          <ConcordanceSearch memory={memory} />
        ) : (
          <TermsPanel memory={memory} />
        )}
      </div>
    </section>
  );
}
