import { EmptyState } from '../../components/EmptyState';
import { ViewHeader } from '../../components/ViewHeader';

export function MemoriesView() {
  return (
    <section className="view" data-testid="view-memories">
      <ViewHeader title="Memories">
        Translation memories keep the sentences you have already translated, so the same or a
        similar sentence never has to be translated twice.
      </ViewHeader>
      <EmptyState title="No memories yet" testId="memories-empty">
        <p>
          Memories on the connected server will be listed here with their language pair and how many
          entries they hold.
        </p>
      </EmptyState>
    </section>
  );
}
