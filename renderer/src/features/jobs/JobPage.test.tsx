import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installTestBridge } from '../../test-bridge';
import { answerJobCalls, callsOf, renderJobPage } from './job-page-harness';
import { sampleJob, sampleProject } from './sample-job';

const invoke = installTestBridge();

const PROJECTS = [
  sampleProject(11, 'es', { state: 'done' }),
  sampleProject(12, 'ca', { state: 'inProgress' }),
];
const active = sampleJob({}, PROJECTS);
const delivered = sampleJob(
  { status: 'delivered', deliveredAt: '2026-11-21T09:00:00.000Z' },
  PROJECTS.map((project) => ({ ...project, state: 'done' })),
);
const archived = sampleJob({ status: 'archived' }, PROJECTS);

const status = () => screen.getByTestId('job-status').textContent;
const actionNames = () =>
  within(screen.getByRole('group', { name: 'Job actions' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

beforeEach(() => {
  invoke.mockReset();
});

describe('the job page’s actions', () => {
  it('delivers after asking, then offers the zip, reactivate and archive', async () => {
    answerJobCalls(invoke, active, { 'jobs:deliver': { value: delivered } });
    const { user } = renderJobPage();
    await user.click(await screen.findByRole('button', { name: 'Deliver…' }));
    const dialog = screen.getByRole('dialog', { name: 'Deliver “Spring release”?' });
    expect(dialog.textContent).toContain(
      '1 of 2 projects are not done yet: delivering moves them to Done.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Deliver' }));
    await waitFor(() => expect(status()).toBe('Delivered'));
    expect(callsOf(invoke, 'jobs:deliver')).toEqual([{ id: 7 }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(actionNames()).toEqual(['Download zip', 'Reactivate', 'Archive', 'Delete…']);
    expect(screen.getByTestId('job-project-ca').textContent).toContain('Done');
  });

  it('cancels a delivery without a call, and says why one was refused', async () => {
    answerJobCalls(invoke, active, {
      'jobs:deliver': {
        error: { code: 'conflict', status: 409, message: 'The job is still being created.' },
      },
    });
    const { user } = renderJobPage();
    await user.click(await screen.findByRole('button', { name: 'Deliver…' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsOf(invoke, 'jobs:deliver')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Deliver…' }));
    await user.click(screen.getByRole('button', { name: 'Deliver' }));
    const error = await screen.findByTestId('deliver-job-error');
    expect(error.textContent).toContain('The job was not delivered');
    expect(error.textContent).toContain('The job is still being created.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(status()).toBe('Active');
  });

  it('cannot deliver a job still being created', async () => {
    answerJobCalls(invoke, sampleJob({ creationStatus: 'PENDING' }, PROJECTS));
    renderJobPage();
    expect(await screen.findByRole('button', { name: 'Deliver…' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Delete…' })).toHaveProperty('disabled', true);
  });

  it('archives an active job and brings it back', async () => {
    answerJobCalls(invoke, active, {
      'jobs:archive': { value: archived },
      'jobs:unarchive': { value: active },
    });
    const { user } = renderJobPage();
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(status()).toBe('Archived'));
    expect(actionNames()).toEqual(['Unarchive', 'Delete…']);
    await user.click(screen.getByRole('button', { name: 'Unarchive' }));
    await waitFor(() => expect(status()).toBe('Active'));
    expect(callsOf(invoke, 'jobs:archive')).toEqual([{ id: 7 }]);
    expect(callsOf(invoke, 'jobs:unarchive')).toEqual([{ id: 7 }]);
    expect(actionNames()).toEqual(['Deliver…', 'Archive', 'Delete…']);
  });

  it('reactivates a delivered job, and says so when it cannot', async () => {
    answerJobCalls(invoke, delivered, {
      'jobs:reactivate': { error: { code: 'network', message: 'The server cannot be reached.' } },
    });
    const { user } = renderJobPage();
    await user.click(await screen.findByRole('button', { name: 'Reactivate' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The job did not change');
    expect(status()).toBe('Delivered');

    answerJobCalls(invoke, delivered, { 'jobs:reactivate': { value: active } });
    await user.click(screen.getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(status()).toBe('Active'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(actionNames()).toEqual(['Deliver…', 'Archive', 'Delete…']);
  });

  it('opens each project in the editor or on the board', async () => {
    answerJobCalls(invoke, active);
    renderJobPage();
    const spanish = await screen.findByTestId('job-project-es');
    expect(within(spanish).getByRole('link', { name: 'Editor' }).getAttribute('href')).toBe(
      '#/editor?project=11',
    );
    expect(within(spanish).getByRole('link', { name: 'Board' }).getAttribute('href')).toBe(
      '#/board?pair=en-es&archived=1',
    );
    const catalan = screen.getByTestId('job-project-ca');
    expect(within(catalan).getByRole('link', { name: 'Editor' }).getAttribute('href')).toBe(
      '#/editor?project=12',
    );
  });
});
