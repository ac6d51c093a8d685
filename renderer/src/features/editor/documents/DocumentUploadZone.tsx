import { useQueryClient } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { DOCUMENT_EXTENSIONS } from '../../../../../shared/api/documents';
import { FilePickerButton } from '../../../components/FilePickerButton';
import { UploadIcon } from '../../../components/icons';
import { uploadDocument } from './document-uploads';
import { useEditorStore, type UploadOptions } from '../editor-store';

const ACCEPT = DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** Drop a file (or choose one) to add it to the project as a document, pretranslated or not. */
export function DocumentUploadZone({ projectId }: { projectId: number }) {
  const queryClient = useQueryClient();
  const [isDragging, setIsDragging] = useState(false);
  const options = useEditorStore((state) => state.uploadOptions);
  const setOptions = useEditorStore((state) => state.setUploadOptions);
  const start = (files: File[]) => {
    for (const file of files) uploadDocument(queryClient, projectId, file, options);
  };
  const onDrag = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setIsDragging(true);
  };
  return (
    <div
      className={isDragging ? 'editor-drop-zone editor-drop-zone-active' : 'editor-drop-zone'}
      onDragEnter={onDrag}
      onDragOver={onDrag}
      onDragLeave={() => setIsDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setIsDragging(false);
        start(Array.from(event.dataTransfer.files));
      }}
      data-testid="editor-drop-zone"
      data-dragging={isDragging || undefined}
    >
      <div className="editor-drop-zone-main">
        <UploadIcon width={24} height={24} />
        <div>
          <p className="editor-drop-zone-title">
            {isDragging ? 'Release to add the document' : 'Drop a file here to add a document'}
          </p>
          <p className="muted">Plain text, XLIFF 1.2/2.0, PO or JSON.</p>
        </div>
        <FilePickerButton
          onFiles={start}
          accept={ACCEPT}
          testId="editor-upload-choose"
          inputTestId="editor-upload-picker"
        >
          Choose file…
        </FilePickerButton>
      </div>
      <div className="editor-upload-options" role="group" aria-label="Upload options">
        <label className="inline-field">
          Pretranslate
          <select
            value={options.pretranslate}
            onChange={(event) =>
              setOptions({ pretranslate: event.target.value as UploadOptions['pretranslate'] })
            }
            data-testid="editor-upload-pretranslate"
          >
            <option value="none">No</option>
            <option value="TM">From the memory</option>
            <option value="TM+MT">From the memory, then machine translation</option>
          </select>
        </label>
        <label className="editor-upload-option">
          <input
            type="checkbox"
            checked={options.autoAccept}
            disabled={options.pretranslate === 'none'}
            onChange={(event) => setOptions({ autoAccept: event.target.checked })}
            data-testid="editor-upload-auto-accept"
          />
          Confirm exact matches (100% and 101%)
        </label>
      </div>
    </div>
  );
}
