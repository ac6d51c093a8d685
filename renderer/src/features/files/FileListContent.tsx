import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { SourceFile } from '../../../../shared/api/files';
import { EmptyState } from '../../components/EmptyState';
import { ErrorMessage } from '../../components/ErrorMessage';
import { settingsQueries } from '../../queries/settings';
import { FileList } from './FileList';

interface FileListContentProps {
  result: UseQueryResult<SourceFile[]>;
  files: readonly SourceFile[] | undefined;
  /** Whether any file exists at all (unfiltered), or undefined while unknown. */
  hasAnyFile: boolean | undefined;
  isFiltered: boolean;
  onClearFilter: () => void;
}

/** Loading, failed, nothing yet, nothing matching, or the list itself. */
export function FileListContent({
  result,
  files,
  hasAnyFile,
  isFiltered,
  onClearFilter,
}: FileListContentProps) {
  const connection = useQuery(settingsQueries.connection());
  // The embedded server answers once it is up; its `connection:changed` push refetches the list.
  const isServerStarting =
    connection.isPending ||
    (connection.data?.mode === 'embedded' && connection.data.embedded.state === 'starting');

  if (files === undefined) {
    if (result.isError && !isServerStarting) {
      return (
        <ErrorMessage
          error={result.error}
          title="The files could not be loaded"
          testId="files-error"
          onRetry={() => void result.refetch()}
        />
      );
    }
    return (
      <div className="files-loading" data-testid="files-loading" aria-busy="true" role="status">
        <span className="spinner" aria-hidden="true" />
        {isServerStarting ? 'Starting the embedded server…' : 'Loading files…'}
      </div>
    );
  }

  if (hasAnyFile === false && !isFiltered) {
    return (
      <EmptyState title="No files yet" testId="files-empty">
        <p>
          Drop files here to store them on the connected server. Wordbench detects the language of
          each one, and labels help you find them again.
        </p>
      </EmptyState>
    );
  }

  return (
    <>
      {result.isError ? (
        <ErrorMessage
          error={result.error}
          title="The list could not be refreshed. It shows the last one it had."
          testId="files-error"
        />
      ) : null}
      {files.length === 0 ? (
        <div className="notice files-no-match" data-testid="files-no-match">
          <p>No file has all of the chosen labels.</p>
          <div className="notice-actions">
            <button type="button" className="button button-small" onClick={onClearFilter}>
              Clear filter
            </button>
          </div>
        </div>
      ) : (
        <FileList files={files} />
      )}
    </>
  );
}
