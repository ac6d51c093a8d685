import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { FilePickerButton } from '../../../components/FilePickerButton';
import { formatBytes } from '../../../components/file-format';
import { fileQueries, referenceFilesOf } from '../../../queries/files';
import { useDownloadReference, useOpenReference, useUploadReferences } from './reference-mutations';
import './references.css';

interface ReferenceFilesProps {
  projectId: number;
  projectName: string;
}

/**
 * The project's reference material (files uploaded with its id in category REFERENCE), beside
 * its documents: each opened (desktop: the system's app) or downloaded in one click, and more
 * added from here.
 */
export function ReferenceFiles({ projectId, projectName }: ReferenceFilesProps) {
  const files = useQuery({
    ...fileQueries.list(),
    select: (list) => referenceFilesOf(list, projectId),
  });
  const open = useOpenReference();
  const download = useDownloadReference();
  const upload = useUploadReferences(projectId);
  const headingId = `reference-files-${projectId}`;
  return (
    <section
      className="editor-references"
      aria-labelledby={headingId}
      data-testid="reference-files"
    >
      <div className="editor-references-head">
        <h3 id={headingId} className="editor-references-title">
          Reference material
        </h3>
        <FilePickerButton onFiles={(picked) => upload.mutate(picked)} testId="reference-add">
          {upload.isPending ? 'Adding…' : 'Add reference file'}
        </FilePickerButton>
      </div>
      {files.error ? (
        <ErrorMessage title="Reference files could not be listed" error={files.error} />
      ) : files.data === undefined ? (
        <p className="muted">Loading reference files…</p>
      ) : files.data.length === 0 ? (
        <p className="muted" data-testid="reference-none">
          No reference material yet: files added here (or uploaded with this project and category
          REFERENCE) are listed for the translators.
        </p>
      ) : (
        <ul className="editor-reference-list" aria-label={`Reference material of ${projectName}`}>
          {files.data.map((file) => (
            <li
              key={file.id}
              className="editor-reference-row"
              data-testid="reference-row"
              data-file-name={file.name}
            >
              <button
                type="button"
                className="link-button"
                disabled={open.isPending}
                onClick={() => open.mutate({ id: file.id })}
                title="Open with the system's app (in a browser: download)"
                data-testid="reference-open"
              >
                {file.name}
              </button>
              <span className="muted">{formatBytes(file.size)}</span>
              <button
                type="button"
                className="button button-small"
                disabled={download.isPending}
                onClick={() => download.mutate({ id: file.id })}
                aria-label={`Download ${file.name}`}
                data-testid="reference-download"
              >
                Download
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
