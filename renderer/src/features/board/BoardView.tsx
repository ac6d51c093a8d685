import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ViewHeader } from '../../components/ViewHeader';
import { memoryQueries } from '../../queries/memories';
import { projectQueries } from '../../queries/projects';
import { BoardAlert } from './BoardAlert';
import { BoardAnnouncer } from './BoardAnnouncer';
import { BoardContent } from './BoardContent';
import { BoardDialogs } from './BoardDialogs';
import { BoardFilterBar } from './BoardFilterBar';
import { hasActiveFilters, toListQuery } from './board-filters';
import { KeyboardHelp } from './KeyboardHelp';
import { collectPairs } from './language-pairs';
import { NewProjectButton } from './NewProjectButton';
import { ProjectActionsProvider } from './ProjectActionsProvider';
import { useBoardFilters } from './use-board-filters';

export function BoardView() {
  const [filters, setFilters] = useBoardFilters();
  const listQuery = useMemo(() => toListQuery(filters), [filters]);
  // While a new filter's list loads, the last one stays on screen instead of a blank board; moves
  // and new projects by others (a team server) show within FOLLOW_OTHERS_POLL_MS.
  const projects = useQuery({
    ...projectQueries.list(listQuery, { followOthers: true }),
    placeholderData: keepPreviousData,
  });
  const memories = useQuery(memoryQueries.list());
  const pairs = useMemo(
    () => collectPairs(memories.data ?? [], projects.data ?? [], filters.pair),
    [memories.data, projects.data, filters.pair],
  );
  const isEmpty = projects.data?.length === 0 && !hasActiveFilters(filters);

  return (
    <ProjectActionsProvider>
      <section
        className="view view-board"
        data-testid="view-board"
        aria-busy={projects.isPlaceholderData || undefined}
      >
        <ViewHeader title="Board" actions={isEmpty ? null : <NewProjectButton />}>
          Your translation projects by where they stand, from backlog to done.
        </ViewHeader>
        <BoardFilterBar filters={filters} pairs={pairs} onChange={setFilters} />
        <BoardAlert />
        <BoardContent result={projects} filters={filters} onFiltersChange={setFilters} />
        {isEmpty ? null : <KeyboardHelp />}
        <BoardAnnouncer />
        <BoardDialogs />
      </section>
    </ProjectActionsProvider>
  );
}
