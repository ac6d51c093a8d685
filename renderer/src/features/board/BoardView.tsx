import { EmptyState } from '../../components/EmptyState';
import { ViewHeader } from '../../components/ViewHeader';

export function BoardView() {
  return (
    <section className="view" data-testid="view-board">
      <ViewHeader title="Board">
        Your translation projects at a glance, grouped by where they stand: to do, in progress, in
        review and done.
      </ViewHeader>
      <EmptyState title="No projects yet" testId="board-empty">
        <p>
          A project gathers the documents of one job and the languages they go into. Projects
          created on the connected server will show here.
        </p>
        <p>
          Check that Wordbench is connected in <a href="#/settings">Settings</a>.
        </p>
      </EmptyState>
    </section>
  );
}
