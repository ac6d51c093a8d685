import { FilePickerButton } from '../../components/FilePickerButton';
import { UploadIcon } from '../../components/icons';
import { UploadOptionsFields } from './UploadOptionsFields';

interface DropZoneProps {
  isDragging: boolean;
  onFiles: (files: File[]) => void;
}

/** Where files are dropped (the whole view takes them; this shows it) or picked. */
export function DropZone({ isDragging, onFiles }: DropZoneProps) {
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
        <FilePickerButton
          onFiles={onFiles}
          className="button button-primary drop-zone-choose"
          testId="choose-files"
          inputTestId="file-picker"
        >
          Choose files…
        </FilePickerButton>
      </div>
      <UploadOptionsFields />
    </div>
  );
}
