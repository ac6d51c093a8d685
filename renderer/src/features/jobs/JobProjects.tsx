import { useQuery } from '@tanstack/react-query';
import type { Job } from '../../../../shared/api/jobs';
import { ProgressBar } from '../../components/ProgressBar';
import { routeHref } from '../../app/routes';
import { editorHref } from '../../app/use-editor-route';
import { projectQueries } from '../../queries/projects';
import { projectStateLabel } from './job-format';

/** The board filtered to the project's language pair, where its card is. */
const boardHref = (source: string, target: string) =>
  routeHref(
    'board',
    new URLSearchParams({ pair: `${source}-${target}`, archived: '1' }).toString(),
  );

/** The job's projects, one per language: state, confirmed words, and where to open each. */
export function JobProjects({ job }: { job: Job }) {
  const ids = job.stats.projects.map((project) => project.id);
  // The projects' own rows carry their progress (confirmed words of their documents).
  const full = useQuery({
    ...projectQueries.list({ id: ids.join(','), archived: true }),
    enabled: ids.length > 0,
  });
  if (ids.length === 0) {
    return <p className="muted">No projects yet.</p>;
  }
  return (
    <table className="job-table" data-testid="job-projects">
      <thead>
        <tr>
          <th scope="col">Project</th>
          <th scope="col">State</th>
          <th scope="col">Progress</th>
          <th scope="col">Open</th>
        </tr>
      </thead>
      <tbody>
        {job.stats.projects.map((project) => {
          const read = full.data?.find((p) => p.id === project.id);
          return (
            <tr key={project.id} data-testid={`job-project-${project.trgLang}`}>
              <th scope="row">{project.name}</th>
              <td>{projectStateLabel(project)}</td>
              <td>
                {read ? (
                  <ProgressBar
                    done={read.words_confirmed}
                    total={read.words_total}
                    unit="words"
                    label={`${project.name}: confirmed words`}
                  />
                ) : (
                  <span className="muted">{project.numSourceTokens.toLocaleString()} words</span>
                )}
              </td>
              <td className="job-open-links">
                <a
                  href={editorHref({ projectId: project.id, documentId: null })}
                  data-testid={`job-open-editor-${project.trgLang}`}
                >
                  Editor
                </a>
                <a href={boardHref(project.srcLang, project.trgLang)}>Board</a>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
