import { useState } from 'react';
import { ViewHeader } from '../../components/ViewHeader';
import { JobList } from './JobList';
import { JobPage } from './JobPage';
import { NewJobDialog } from './NewJobDialog';
import { jobHref, useJobRoute } from './use-job-route';
import './jobs.css';

/** Jobs: many files into many languages, each job with its projects, analysis and delivery. */
export function JobsView() {
  const [route, setRoute] = useJobRoute();
  const [isCreating, setIsCreating] = useState(false);
  if (route.jobId !== null) {
    return (
      <section className="view view-jobs" data-testid="view-jobs">
        <JobPage
          jobId={route.jobId}
          backHref={jobHref({ ...route, jobId: null })}
          onDeleted={() => setRoute({ jobId: null })}
        />
      </section>
    );
  }
  return (
    <section className="view view-jobs" data-testid="view-jobs">
      <ViewHeader
        title="Jobs"
        actions={
          <button
            type="button"
            className="button button-primary"
            onClick={() => setIsCreating(true)}
            data-testid="new-job"
          >
            New job
          </button>
        }
      >
        A job sends a set of files into several languages, one project per language.
      </ViewHeader>
      <JobList
        key={route.filter}
        filter={route.filter}
        onFilter={(filter) => setRoute({ filter })}
      />
      {isCreating ? (
        <NewJobDialog
          onClose={() => setIsCreating(false)}
          onCreated={(job) => {
            setIsCreating(false);
            setRoute({ jobId: job.id });
          }}
        />
      ) : null}
    </section>
  );
}
