import { EmptyState } from '../../components/EmptyState';
import { ViewHeader } from '../../components/ViewHeader';

export function FilesView() {
  return (
    <section className="view" data-testid="view-files">
      <ViewHeader title="Files">
        The source files you bring in for translation, the language detected in each, and the
        translated files you take out.
      </ViewHeader>
      <EmptyState title="No files yet" testId="files-empty">
        <p>
          Files stored on the connected server will be listed here with their size, labels and
          detected language.
        </p>
      </EmptyState>
    </section>
  );
}
