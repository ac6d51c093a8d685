import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi, type Mock } from 'vitest';
import type { Job } from '../../../../shared/api/jobs';
import type { IpcError, IpcResult } from '../../../../shared/ipc/errors';
import { createQueryClient } from '../../app/query-client';
import { JobPage } from './JobPage';

type Invoke = Mock<(channel: string, input: unknown) => Promise<IpcResult<unknown>>>;

/** One answer of the bridge: a value, or a refusal as the host sends it. */
export type Answer = { value: unknown } | { error: IpcError };

/**
 * For the job page's tests: `invoke` answers `jobs:get` with `job` (as it is after the last
 * action) and each channel in `answers` with its answer; an answer that is a job becomes the job
 * read next, as the server keeps it. Anything else is refused, so a call nobody expected shows.
 */
export function answerJobCalls(invoke: Invoke, job: Job, answers: Record<string, Answer> = {}) {
  let current = job;
  invoke.mockImplementation((channel) => {
    if (channel === 'jobs:get') return Promise.resolve({ ok: true, value: current });
    if (channel === 'projects:list' || channel === 'jobs:list') {
      return Promise.resolve({ ok: true, value: [] });
    }
    if (channel === 'languages:list') {
      return Promise.resolve({ ok: true, value: { source_to_target: {}, code_to_name: {} } });
    }
    const answer = answers[channel];
    if (!answer) return Promise.reject(new Error(`unexpected ${channel}`));
    if ('error' in answer) return Promise.resolve({ ok: false, error: answer.error });
    if (isJob(answer.value)) current = answer.value;
    return Promise.resolve({ ok: true, value: answer.value });
  });
}

const isJob = (value: unknown): value is Job =>
  typeof value === 'object' && value !== null && 'creationStatus' in value;

/** The page of job 7, as the Jobs view shows it. */
export function renderJobPage() {
  const onDeleted = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <JobPage jobId={7} backHref="#/jobs" onDeleted={onDeleted} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onDeleted };
}

/** The calls made on `channel`, their inputs in order. */
export const callsOf = (invoke: Invoke, channel: string) =>
  invoke.mock.calls.filter(([name]) => name === channel).map(([, input]) => input);
