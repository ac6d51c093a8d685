import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcResult } from '../../../../shared/ipc/errors';
import { installTestBridge } from '../../test-bridge';
import { answerJobCalls, callsOf, renderJobPage } from './job-page-harness';
import { sampleJob, sampleProject } from './sample-job';

const download = vi.fn<(channel: string, input: unknown) => Promise<IpcResult<unknown>>>();
const invoke = installTestBridge({ download });

const delivered = (patch = {}) =>
  sampleJob({ status: 'delivered', ...patch }, [sampleProject(11, 'es', { state: 'done' })]);
const button = () => screen.getByTestId('job-download');

beforeEach(() => {
  invoke.mockReset();
  download.mockReset();
});

describe('downloading a delivered job', () => {
  it('exports the files, waits for the export, then downloads the zip', async () => {
    answerJobCalls(invoke, delivered(), {
      'jobs:export': { value: delivered({ isProcessing: 1, exportType: 'files' }) },
    });
    download.mockResolvedValue({ ok: true, value: { savedTo: '/home/ana/Spring release.zip' } });
    const { user } = renderJobPage();
    await user.click(await screen.findByRole('button', { name: 'Download zip' }));
    // The server exports in the background: the job is read again until it is done.
    expect(button().textContent).toBe('Preparing the files…');
    expect(button()).toHaveProperty('disabled', true);
    answerJobCalls(invoke, delivered({ isProcessing: 0, exportType: 'files' }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    expect(download.mock.calls).toEqual([['jobs:download', { id: 7 }]]);
    expect(callsOf(invoke, 'jobs:export')).toEqual([{ id: 7, type: 'files' }]);
    await waitFor(() => expect(button().textContent).toBe('Download zip'));
    expect(screen.queryByTestId('job-download-error')).toBeNull();
  });

  it('says why the export failed, and downloads nothing', async () => {
    answerJobCalls(invoke, delivered(), {
      'jobs:export': { value: delivered({ isProcessing: 1 }) },
    });
    const { user } = renderJobPage();
    await user.click(await screen.findByRole('button', { name: 'Download zip' }));
    answerJobCalls(
      invoke,
      delivered({ isProcessing: -2, processingErrorMsg: 'lease.txt could not be merged' }),
    );
    const error = await screen.findByTestId('job-download-error');
    expect(error.textContent).toContain('The zip was not downloaded');
    expect(error.textContent).toContain('The export failed: lease.txt could not be merged.');
    expect(download).not.toHaveBeenCalled();
    expect(button()).toHaveProperty('disabled', false);
  });

  it('says so when the zip itself cannot be saved', async () => {
    answerJobCalls(invoke, delivered(), { 'jobs:export': { value: delivered() } });
    download.mockResolvedValue({
      ok: false,
      error: { code: 'not-found', status: 404, message: 'The job has no export yet.' },
    });
    const { user } = renderJobPage();
    await user.click(await screen.findByRole('button', { name: 'Download zip' }));
    const error = await screen.findByTestId('job-download-error');
    expect(error.textContent).toContain('The job has no export yet.');
  });

  it('offers no download before the job is delivered', async () => {
    answerJobCalls(invoke, sampleJob());
    renderJobPage();
    await screen.findByRole('button', { name: 'Deliver…' });
    expect(screen.queryByTestId('job-download')).toBeNull();
  });
});
