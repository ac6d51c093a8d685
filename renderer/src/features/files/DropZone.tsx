import { useRef, type ChangeEvent } from 'react';
import { UploadIcon } from './icons';
import { UploadOptionsFields } from './UploadOptionsFields';

interface DropZoneProps {
  isDragging: boolean;
  onFiles: (files: File[]) => void;
}

/** Where files are dropped (the whole view takes them; this shows it) or picked. */
export function DropZone({ isDragging, onFiles }: DropZoneProps) {
  const picker = useRef<HTMLInputElement>(null);
  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that picking the same file again still counts as a change.
    event.target.value = '';
    if (files.length) onFiles(files);
  };
  return (
    <div
      className={isDragging ? 'drop-zone drop-zone-active' : 'drop-zone'}
      data-testid="drop-zone"
      data-dragging={isDragging || undefined}
    >
      <div className="drop-zone-main">
        <UploadIcon className="drop-zone-icon" width={28} height={28} />
        <div>
          <p className="drop-zone-title">
            {isDragging ? 'Release to upload' : 'Drop files here to upload them'}
          </p>
          <p className="drop-zone-help">Any number at once; three upload at a time.</p>
        </div>
        <button
          type="button"
          className="button button-primary drop-zone-choose"
          onClick={() => picker.current?.click()}
          data-testid="choose-files"
        >
          Choose files…
        </button>
        <input
          ref={picker}
          type="file"
          multiple
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onPicked}
          data-testid="file-picker"
        />
      </div>
      <UploadOptionsFields />
    </div>
  );
}
