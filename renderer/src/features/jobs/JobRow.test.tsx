import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../../../shared/api/jobs';
import { JobRow } from './JobRow';
import { sampleJob, sampleProject } from './sample-job';

function renderRow(job: Job) {
  render(
    <table>
      <tbody>
        <JobRow job={job} filter="active" />
      </tbody>
    </table>,
  );
  return screen.getByTestId(`job-row-${job.id}`);
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('a row of the job list', () => {
  it('shows the name as a link to the job, its languages, due day, status and progress', () => {
    const job = sampleJob({}, [sampleProject(11, 'es'), sampleProject(12, 'ca')]);
    const row = renderRow(job);
    const link = within(row).getByRole('link', { name: 'Spring release' });
    expect(link.getAttribute('href')).toBe('#/jobs?job=7');
    const [languages, due, status, creation, translated] = cells(row);
    expect(languages).toBe('en-US → es, ca');
    expect(due).toBe(
      new Date('2027-01-15T12:00:00Z').toLocaleDateString(undefined, { dateStyle: 'medium' }),
    );
    expect(status).toBe('Active');
    expect(creation).toBe('Ready');
    expect(translated).toBe('40%');
    const bar = within(row).getByRole('progressbar', { name: 'Spring release: translated' });
    expect(bar.getAttribute('aria-valuetext')).toBe('40% translated');
  });

  it('shows the projects made so far while the job is being created', () => {
    const job = sampleJob({ creationStatus: 'PENDING', due: null }, [sampleProject(11, 'es')]);
    const row = renderRow(job);
    const creation = within(row).getByTestId('job-creation');
    expect(creation.textContent).toContain('Creating… 1 project made');
    expect(
      within(creation)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Spring release (es)']);
    expect(cells(row)[1]).toBe('–');
  });

  it('says in words why creation failed', () => {
    const job = sampleJob(
      { creationStatus: 'FAILED', creationError: 'File 4 could not be read as PO' },
      [],
    );
    const row = renderRow(job);
    expect(within(row).getByTestId('job-creation').textContent).toBe(
      'Creation failed: File 4 could not be read as PO',
    );
    expect(cells(row)[0]).toBe('en-US');
  });
});
