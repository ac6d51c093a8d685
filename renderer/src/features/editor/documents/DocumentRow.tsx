import type { DocumentWithoutSegments } from '../../../../../shared/api/projects';
import { ProgressBar } from '../../../components/ProgressBar';
import { useEditorStore } from '../editor-store';
import { useDownloadDocument } from './mutations';

interface DocumentRowProps {
  document: DocumentWithoutSegments;
  onOpen: (id: number) => void;
}

/** One document of the project: open it, download it (XLIFF or original), delete it. */
export function DocumentRow({ document, onOpen }: DocumentRowProps) {
  const download = useDownloadDocument();
  const askDelete = useEditorStore((state) => state.askDelete);
  return (
    <li
      className="editor-document-row"
      data-testid="document-row"
      data-document-name={document.name}
    >
      <div className="editor-document-name">
        <button
          type="button"
          className="link-button"
          onClick={() => onOpen(document.id)}
          data-testid="document-open"
        >
          {document.name}
        </button>
        <span className="muted">
          {document.srclang} → {document.trglang}
        </span>
        {document.is_pretranslating ? (
          <span className="muted" data-testid="document-pretranslating">
            · pretranslating…
          </span>
        ) : null}
        {document.import_error_message ? (
          <span className="field-error">{document.import_error_message}</span>
        ) : null}
        {document.words_total > 0 ? (
          <ProgressBar
            done={document.words_confirmed}
            total={document.words_total}
            unit="words"
            label={`Confirmed words of ${document.name}`}
            testId="document-progress"
          />
        ) : null}
      </div>
      <div className="editor-document-actions">
        <button
          type="button"
          className="button button-small"
          disabled={download.isPending}
          onClick={() => download.mutate({ id: document.id, is_xliff: true })}
          data-testid="document-download-xliff"
        >
          Download XLIFF
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={download.isPending}
          onClick={() => download.mutate({ id: document.id, is_xliff: false })}
          data-testid="document-download-original"
        >
          Download original
        </button>
        <button
          type="button"
          className="button button-small button-danger-quiet"
          onClick={() => askDelete({ id: document.id, name: document.name })}
          aria-label={`Delete ${document.name}`}
          data-testid="document-delete"
        >
          Delete
        </button>
      </div>
    </li>
  );
}
