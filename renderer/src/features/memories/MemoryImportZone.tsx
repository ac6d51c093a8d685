import type { Memory } from '../../../../shared/api/memories';
import { FilePickerButton } from '../../components/FilePickerButton';
import { UploadIcon } from '../../components/icons';
import { useMemoriesStore } from './memories-store';
import './imports.css';

interface MemoryImportZoneProps {
  memory: Memory;
  isDragging: boolean;
  onFiles: (files: File[]) => void;
}

const ACCEPT = '.tmx,.xlf,.xliff,.sdlxliff,.csv,.tsv,.txt,.tbx';

/** Where a file is dropped (the whole pane takes it; this shows it) or picked, and how it is read. */
export function MemoryImportZone({ memory, isDragging, onFiles }: MemoryImportZoneProps) {
  const options = useMemoriesStore((state) => state.importOptions);
  const setOptions = useMemoriesStore((state) => state.setImportOptions);
  return (
    <div
      className={isDragging ? 'memory-drop-zone memory-drop-zone-active' : 'memory-drop-zone'}
      data-testid="memory-drop-zone"
      data-dragging={isDragging || undefined}
    >
      <div className="memory-drop-zone-main">
        <UploadIcon className="memory-drop-zone-icon" width={24} height={24} />
        <div className="memory-drop-zone-text">
          <p className="memory-drop-zone-title">
            {isDragging ? `Release to import into ${memory.name}` : 'Drop a file here to import it'}
          </p>
          <p className="memory-drop-zone-help">
            Units from TMX, XLIFF or CSV/TSV (source and target columns); terms from TBX, or from a
            CSV with a “term” column.
          </p>
        </div>
        <FilePickerButton
          onFiles={onFiles}
          accept={ACCEPT}
          testId="memory-import-choose"
          inputTestId="memory-import-picker"
        >
          Choose file…
        </FilePickerButton>
      </div>
      <div className="memory-import-options" role="group" aria-label="Import options">
        <label className="memory-import-option">
          <input
            type="checkbox"
            checked={options.hasHeaderRow}
            onChange={(event) => setOptions({ hasHeaderRow: event.target.checked })}
            data-testid="memory-import-header-row"
          />
          CSV/TSV: the first row is a header
        </label>
        <label className="memory-import-option">
          <input
            type="checkbox"
            checked={options.skipDuplicates}
            onChange={(event) => setOptions({ skipDuplicates: event.target.checked })}
            data-testid="memory-import-skip-duplicates"
          />
          Skip units the memory already has
        </label>
      </div>
    </div>
  );
}
