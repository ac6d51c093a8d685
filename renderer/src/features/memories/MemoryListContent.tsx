import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Memory } from '../../../../shared/api/memories';
import { EmptyState } from '../../components/EmptyState';
import { ErrorMessage } from '../../components/ErrorMessage';
import { settingsQueries } from '../../queries/settings';
import { useMemoriesStore } from './memories-store';
import { MemoryList } from './MemoryList';

interface MemoryListContentProps {
  result: UseQueryResult<Memory[]>;
  /** The list in the order shown (by name). */
  memories: readonly Memory[] | undefined;
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** Loading, failed, nothing yet, or the list itself. */
export function MemoryListContent({
  result,
  memories,
  selectedId,
  onSelect,
}: MemoryListContentProps) {
  const connection = useQuery(settingsQueries.connection());
  const openDialog = useMemoriesStore((state) => state.openDialog);
  // The embedded server answers once it is up; its `connection:changed` push refetches the list.
  const isServerStarting =
    connection.isPending ||
    (connection.data?.mode === 'embedded' && connection.data.embedded.state === 'starting');

  if (!memories) {
    if (result.isError && !isServerStarting) {
      return (
        <ErrorMessage
          error={result.error}
          title="The memories could not be loaded"
          testId="memories-error"
          onRetry={() => void result.refetch()}
        />
      );
    }
    return (
      <div
        className="memories-loading"
        data-testid="memories-loading"
        aria-busy="true"
        role="status"
      >
        <span className="spinner" aria-hidden="true" />
        {isServerStarting ? 'Starting the embedded server…' : 'Loading memories…'}
      </div>
    );
  }

  if (memories.length === 0) {
    return (
      <EmptyState title="No memories yet" testId="memories-empty">
        <p>
          Create a memory for a language pair, then drop a TMX, XLIFF, CSV or TBX file on it to
          bring in the translations and terms you already have.
        </p>
        <p>
          <button
            type="button"
            className="button button-primary"
            onClick={() => openDialog({ kind: 'create' })}
          >
            Create a memory
          </button>
        </p>
      </EmptyState>
    );
  }

  return (
    <div className="memory-list-panel">
      {result.isError ? (
        <ErrorMessage
          error={result.error}
          title="The list could not be refreshed. It shows the last one it had."
          testId="memories-error"
        />
      ) : null}
      <MemoryList memories={memories} selectedId={selectedId} onSelect={onSelect} />
    </div>
  );
}
