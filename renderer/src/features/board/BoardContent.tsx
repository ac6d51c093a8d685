import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Project } from '../../../../shared/api/projects';
import { EmptyState } from '../../components/EmptyState';
import { ErrorMessage } from '../../components/ErrorMessage';
import { settingsQueries } from '../../queries/settings';
import { Board } from './Board';
import { hasActiveFilters, NO_FILTERS, type BoardFilters } from './board-filters';
import { BoardLoading } from './BoardLoading';
import { BoardReady } from './BoardReady';
import { NewProjectButton } from './NewProjectButton';

interface BoardContentProps {
  result: UseQueryResult<Project[]>;
  filters: BoardFilters;
  onFiltersChange: (next: BoardFilters) => void;
}

/** Loading, failed, nothing yet, or the board itself. */
export function BoardContent({ result, filters, onFiltersChange }: BoardContentProps) {
  const connection = useQuery(settingsQueries.connection());
  // The embedded server answers once it is up; its `connection:changed` push refetches the list.
  const isServerStarting =
    connection.isPending ||
    (connection.data?.mode === 'embedded' && connection.data.embedded.state === 'starting');

  if (result.data === undefined) {
    if (result.isError && !isServerStarting) {
      return (
        <ErrorMessage
          error={result.error}
          title="The projects could not be loaded"
          onRetry={() => void result.refetch()}
        />
      );
    }
    return (
      <BoardLoading
        message={isServerStarting ? 'Starting the embedded server…' : 'Loading projects…'}
      />
    );
  }

  const projects = result.data;
  if (projects.length === 0 && !hasActiveFilters(filters)) {
    return (
      <>
        <EmptyState title="No projects yet" testId="board-empty">
          <p>
            A project gathers the documents of one job and the languages they go into. Create one
            and it starts in Backlog; drag it across the board as the work moves on.
          </p>
          <p>
            <NewProjectButton />
          </p>
          <p className="empty-state-note">
            Archived projects are hidden. Tick “Show archived” above to see them.
          </p>
        </EmptyState>
        <BoardReady count={0} />
      </>
    );
  }

  return (
    <>
      {result.isError ? (
        <ErrorMessage
          error={result.error}
          title="The board could not be refreshed. It shows the last list it had."
        />
      ) : null}
      {projects.length === 0 ? (
        <div className="notice board-no-match" data-testid="board-no-match">
          <p>No projects match these filters.</p>
          <div className="notice-actions">
            <button
              type="button"
              className="button button-small"
              onClick={() => onFiltersChange(NO_FILTERS)}
            >
              Clear filters
            </button>
          </div>
        </div>
      ) : null}
      <Board projects={projects} onlyState={filters.state} />
      <BoardReady count={projects.length} />
    </>
  );
}
