import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../components/ErrorMessage';
import { ViewHeader } from '../../components/ViewHeader';
import { projectQueries } from '../../queries/projects';
import { editorHref, useEditorRoute } from '../../app/use-editor-route';
import { DeleteDocumentDialog } from './documents/DeleteDocumentDialog';
import { DocumentEditor } from './DocumentEditor';
import { EditorMessages } from './EditorMessages';
import { useEditorStore } from './editor-store';
import { ProjectDocuments } from './documents/ProjectDocuments';
import { ProjectPicker } from './documents/ProjectPicker';
import { useAfterFirstPaint } from './loading/use-after-first-paint';
import { editorQueries } from './queries';
import './editor.css';

/** Projects -> a project's documents -> one document, each step kept in the address. */
export function EditorView() {
  const [route, setRoute] = useEditorRoute();
  const document = useQuery({
    ...editorQueries.document(route.documentId ?? 0),
    enabled: route.documentId !== null,
  });
  // Over an open document the project names the breadcrumb only: its list waits until the
  // document's first page is in and painted, so it delays neither.
  const isDocumentPainted = useAfterFirstPaint(!document.isPending);
  const projects = useQuery({
    ...projectQueries.list(),
    enabled: route.projectId !== null && (route.documentId === null || isDocumentPainted),
  });
  const project = projects.data?.find((item) => item.id === route.projectId);
  const deleting = useEditorStore((state) => state.deleting);
  const title = document.data?.name ?? project?.name ?? 'Editor';

  return (
    <section className="view view-editor" data-testid="view-editor">
      <ViewHeader title={title}>
        {route.projectId === null
          ? 'Translate a document segment by segment, with translation memory matches and machine translation beside each one. Pick a project.'
          : null}
      </ViewHeader>
      {route.projectId !== null ? (
        <nav className="editor-breadcrumbs" aria-label="Breadcrumbs">
          <a href={editorHref({ projectId: null, documentId: null })}>Projects</a>
          <span aria-hidden="true"> / </span>
          {route.documentId !== null ? (
            <a
              href={editorHref({ projectId: route.projectId, documentId: null })}
              data-testid="editor-back-to-documents"
            >
              {project?.name ?? `Project ${route.projectId}`}
            </a>
          ) : (
            <span aria-current="page">{project?.name ?? `Project ${route.projectId}`}</span>
          )}
        </nav>
      ) : null}
      <EditorMessages />
      {route.projectId === null ? (
        <ProjectPicker />
      ) : route.documentId !== null ? (
        document.isError ? (
          <ErrorMessage
            error={document.error}
            title="Could not open the document"
            testId="editor-error"
          />
        ) : document.isPending ? (
          <p className="muted">Opening the document…</p>
        ) : (
          <DocumentEditor key={document.data.id} document={document.data} />
        )
      ) : projects.isError ? (
        <ErrorMessage
          error={projects.error}
          title="Could not load the project"
          testId="editor-error"
        />
      ) : projects.isPending ? (
        <p className="muted">Loading the project…</p>
      ) : project ? (
        <ProjectDocuments project={project} onOpen={(documentId) => setRoute({ documentId })} />
      ) : (
        <ErrorMessage
          error={{
            code: 'not-found',
            message: `Project ${route.projectId} was not found. It may have been deleted.`,
          }}
          testId="editor-error"
        />
      )}
      {deleting ? (
        <DeleteDocumentDialog key={deleting.id} id={deleting.id} name={deleting.name} />
      ) : null}
    </section>
  );
}
