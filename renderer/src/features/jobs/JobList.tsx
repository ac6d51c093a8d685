import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { ErrorMessage } from '../../components/ErrorMessage';
import { jobQueries } from '../../queries/jobs';
import { JOB_FILTERS, listQueryOf, type JobFilter } from './job-route';
import { JobRow } from './JobRow';

/** The most the API answers at once. */
const PAGE_SIZE = 50;

const FILTER_LABELS: Record<JobFilter, string> = {
  active: 'Active',
  archived: 'Archived',
  delivered: 'Delivered',
};

interface JobListProps {
  filter: JobFilter;
  onFilter: (filter: JobFilter) => void;
}

/** The organization's jobs, active, archived or delivered. */
export function JobList({ filter, onFilter }: JobListProps) {
  const [page, setPage] = useState(0);
  const jobs = useQuery(
    jobQueries.list({ ...listQueryOf(filter), offset: page * PAGE_SIZE, limit: PAGE_SIZE }),
  );
  const hasOlder = jobs.data?.length === PAGE_SIZE;
  return (
    <>
      <div className="job-filters" role="group" aria-label="Show jobs">
        {JOB_FILTERS.map((option) => (
          <button
            key={option}
            type="button"
            className="button button-small"
            aria-pressed={option === filter}
            onClick={() => onFilter(option)}
            data-testid={`job-filter-${option}`}
          >
            {FILTER_LABELS[option]}
          </button>
        ))}
      </div>
      {jobs.error ? (
        <ErrorMessage
          error={jobs.error}
          title="Could not load the jobs"
          onRetry={() => void jobs.refetch()}
        />
      ) : null}
      {jobs.isPending ? <p className="muted">Loading jobs…</p> : null}
      {jobs.data?.length === 0 ? (
        <EmptyState title={`No ${FILTER_LABELS[filter].toLowerCase()} jobs`} testId="jobs-empty">
          {filter === 'active'
            ? 'A job sends files into several languages at once: start one with New job.'
            : 'Jobs show here once they are ' + filter + '.'}
        </EmptyState>
      ) : null}
      {jobs.data?.length ? (
        <table className="job-table" data-testid="job-list">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Languages</th>
              <th scope="col">Due</th>
              <th scope="col">Status</th>
              <th scope="col">Creation</th>
              <th scope="col">Translated</th>
            </tr>
          </thead>
          <tbody>
            {jobs.data.map((job) => (
              <JobRow key={job.id} job={job} filter={filter} />
            ))}
          </tbody>
        </table>
      ) : null}
      {page > 0 || hasOlder ? (
        <div className="job-pager" role="group" aria-label="Pages of jobs">
          <button
            type="button"
            className="button button-small"
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
          >
            Newer jobs
          </button>
          <span>Page {page + 1}</span>
          <button
            type="button"
            className="button button-small"
            disabled={!hasOlder}
            onClick={() => setPage(page + 1)}
          >
            Older jobs
          </button>
        </div>
      ) : null}
    </>
  );
}
