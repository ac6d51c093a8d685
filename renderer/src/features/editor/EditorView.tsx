import { EmptyState } from '../../components/EmptyState';
import { ViewHeader } from '../../components/ViewHeader';

export function EditorView() {
  return (
    <section className="view" data-testid="view-editor">
      <ViewHeader title="Editor">
        Translate a document segment by segment, with translation memory matches and machine
        translation suggestions beside each one.
      </ViewHeader>
      <EmptyState title="No document open" testId="editor-empty">
        <p>
          Open a document from <a href="#/files">Files</a> and its segments appear here.
        </p>
      </EmptyState>
    </section>
  );
}
