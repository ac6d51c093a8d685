import { useQuery } from '@tanstack/react-query';
import type { DragEvent } from 'react';
import { FilePickerButton } from '../../components/FilePickerButton';
import { MemorySelect } from '../../components/MemorySelect';
import { memoryQueries } from '../../queries/memories';
import { TranslateIcon } from '../../components/icons';
import { useFileDrop } from '../../hooks/use-file-drop';
import { useFilesStore } from './files-store';
import { useTranslateStore } from './translate-store';
import type { Uploader } from './uploader';

// The view around this zone takes drops too (plain uploads): this one keeps its own.
const own =
  <E extends DragEvent>(handler: (event: E) => void) =>
  (event: E) => {
    event.stopPropagation();
    handler(event);
  };

/** "Drop to translate": upload (with progress) and translate with the chosen memory, one gesture. */
export function TranslateDropZone({ uploader }: { uploader: Uploader }) {
  const memories = useQuery(memoryQueries.list());
  const chosen = useTranslateStore((state) => state.dropMemoryId);
  const setMemoryId = useTranslateStore((state) => state.setDropMemoryId);
  const memoryId = memories.data?.some((m) => m.id === chosen) ? chosen : memories.data?.[0]?.id;

  const translate = (files: File[]) => {
    if (memoryId === undefined || memoryId === null) {
      useFilesStore.getState().showAlert({
        title: 'Nothing was uploaded',
        error: new Error('Create a memory first (Memories view): it sets the languages.'),
      });
      return;
    }
    const options = { ...useFilesStore.getState().uploadOptions, translate: { memoryId } };
    uploader.enqueue(files, options);
  };
  const drop = useFileDrop(translate);
  const { onDragEnter, onDragOver, onDragLeave, onDrop } = drop.handlers;

  return (
    <div
      className={
        drop.isDragging ? 'drop-zone translate-drop drop-zone-active' : 'drop-zone translate-drop'
      }
      data-testid="translate-drop-zone"
      data-dragging={drop.isDragging || undefined}
      onDragEnter={own(onDragEnter)}
      onDragOver={own(onDragOver)}
      onDragLeave={own(onDragLeave)}
      onDrop={own(onDrop)}
    >
      <div className="drop-zone-main">
        <TranslateIcon className="drop-zone-icon" width={28} height={28} />
        <div>
          <p className="drop-zone-title">
            {drop.isDragging ? 'Release to upload and translate' : 'Drop to translate'}
          </p>
          <p className="drop-zone-help">
            Uploads the files and translates them with the memory. Follow them in{' '}
            <a href="#/translations" data-testid="open-translations">
              Translations
            </a>
            .
          </p>
        </div>
        <FilePickerButton
          onFiles={translate}
          className="button drop-zone-choose"
          testId="translate-choose-files"
        >
          Choose files…
        </FilePickerButton>
      </div>
      <div className="upload-options">
        <label className="upload-option" htmlFor="drop-translate-memory">
          Memory
        </label>
        <MemorySelect
          id="drop-translate-memory"
          memories={memories.data ?? []}
          value={memoryId ?? undefined}
          onChange={setMemoryId}
          testId="drop-translate-memory"
        />
      </div>
    </div>
  );
}
