import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { projectQueries } from '../../../queries/projects';
import { editorHref } from '../../../app/use-editor-route';

/** No project chosen yet: the projects to pick from, each with its document count. */
export function ProjectPicker() {
  const projects = useQuery(projectQueries.list());
  if (projects.isError) {
    return <ErrorMessage error={projects.error} title="Could not load the projects" />;
  }
  if (projects.isPending) return <p className="muted">Loading projects…</p>;
  const open = projects.data.filter((project) => !project.archived);
  if (open.length === 0) {
    return (
      <EmptyState title="No project to translate" testId="editor-empty">
        <p>
          Create a project on the <a href="#/board">Board</a>, then choose “Open in editor” in its
          card menu.
        </p>
      </EmptyState>
    );
  }
  return (
    <nav aria-label="Projects" data-testid="editor-project-picker">
      <ul className="editor-project-list">
        {open.map((project) => (
          <li key={project.id}>
            <a
              href={editorHref({ projectId: project.id, documentId: null })}
              data-testid="editor-project-link"
            >
              {project.name}
            </a>{' '}
            <span className="muted">
              {project.srclang} → {project.trglang} ·{' '}
              {project.document.length === 1
                ? '1 document'
                : `${project.document.length} documents`}
            </span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
