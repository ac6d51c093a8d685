import type { SourceFile } from '../../../../shared/api/files';
import {
  CATEGORY_LABELS,
  formatApiDate,
  formatBytes,
  parseApiDate,
} from '../../components/file-format';
import { DownloadIcon, FileIcon, TrashIcon } from '../../components/icons';
import { FileLabels } from './FileLabels';
import { FileLanguage } from './FileLanguage';
import { useFilesStore } from './files-store';
import { useDownloadFile } from './mutations';
import { useTranslateStore } from './translate-store';

/** One stored file: what it is, its language and labels, and what can be done with it. */
export function FileRow({ file, isSelected }: { file: SourceFile; isSelected: boolean }) {
  const { askDelete, showAlert, showNotice } = useFilesStore.getState();
  const download = useDownloadFile({
    onSuccess: (result) => {
      if ('savedTo' in result) showNotice(`Saved ${file.name} to ${result.savedTo}.`);
    },
    onError: (error) => showAlert({ title: `${file.name} could not be downloaded`, error }),
  });
  const created = formatApiDate(file.created_at);
  return (
    <>
      <div className="file-cell file-cell-select" role="cell">
        <input
          type="checkbox"
          checked={isSelected}
          onChange={() => useTranslateStore.getState().toggle(file.id)}
          aria-label={`Select ${file.name}`}
          data-testid="file-select"
        />
      </div>
      <div className="file-cell file-cell-name" role="cell">
        <FileIcon className="file-icon" />
        <div className="file-name-block">
          <span className="file-name" title={file.name} data-testid="file-name">
            {file.name}
          </span>
          {/* Shown when the table is too narrow for the size, category and date columns. */}
          <span className="file-meta" aria-hidden="true">
            {formatBytes(file.size)} · {CATEGORY_LABELS[file.category]} · {created}
          </span>
        </div>
      </div>
      <div className="file-cell file-cell-size" role="cell" data-testid="file-size">
        {formatBytes(file.size)}
      </div>
      <div className="file-cell file-cell-language" role="cell">
        <FileLanguage file={file} />
      </div>
      <div className="file-cell file-cell-category" role="cell" data-testid="file-category">
        {CATEGORY_LABELS[file.category]}
      </div>
      <div className="file-cell file-cell-labels" role="cell">
        <FileLabels file={file} />
      </div>
      <div className="file-cell file-cell-created" role="cell">
        <time dateTime={parseApiDate(file.created_at)?.toISOString()} data-testid="file-created">
          {created}
        </time>
      </div>
      <div className="file-cell file-cell-actions" role="cell">
        <button
          type="button"
          className="files-icon-button"
          onClick={() => download.mutate({ id: file.id })}
          disabled={download.isPending}
          aria-label={`Download ${file.name}`}
          title="Download"
          data-testid="file-download"
        >
          <DownloadIcon />
        </button>
        <button
          type="button"
          className="files-icon-button files-icon-button-danger"
          onClick={() => askDelete({ id: file.id, name: file.name })}
          aria-label={`Delete ${file.name}`}
          title="Delete"
          data-testid="file-delete"
        >
          <TrashIcon />
        </button>
      </div>
    </>
  );
}
