import type {
  Job,
  JobDeleteResponse,
  JobLeverageStats,
  JobUpdateParameters,
} from '../../../shared/api/jobs';
import type { WorkflowTemplate } from '../../../shared/api/workflows';
import type { Gateway } from '../gateway/gateway';
import { deliver, TRANSFER_TIMEOUT_MS } from '../transfers/downloads';
import type { DeliverDownload, Handlers } from './validated';

type JobChannel = Extract<keyof Handlers, `jobs:${string}`>;
type JobHandlers = Pick<Handlers, JobChannel | 'workflows:templates'>;

export interface JobHandlerDeps {
  gateway: Gateway;
  /** The host's way to hand a download to the user, unless the call brings its own. */
  deliverDownload?: DeliverDownload;
}

const jobPath = (id: number, action = '') => `/v2/jobs/${id}${action ? `/${action}` : ''}`;

/** The `/v2/jobs` routes (API.md 4.9) and the workflow templates a new job can follow. */
export function jobHandlers({ gateway, deliverDownload }: JobHandlerDeps): JobHandlers {
  const get = (id: number) => gateway.json<Job>({ method: 'GET', path: jobPath(id) });
  const move =
    (action: 'archive' | 'unarchive' | 'reactivate' | 'deliver') => (input: { id: number }) =>
      gateway.json<Job>({ method: 'POST', path: jobPath(input.id, action) });

  return {
    'jobs:list': (query) => gateway.json<Job[]>({ method: 'GET', path: '/v2/jobs', query }),
    'jobs:get': ({ id }) => get(id),
    'jobs:create': (input) => gateway.json<Job>({ method: 'POST', path: '/v2/jobs', json: input }),
    'jobs:update': ({ id, ...change }) =>
      gateway.json<Job>({
        method: 'PUT',
        path: jobPath(id),
        json: change satisfies JobUpdateParameters,
      }),
    'jobs:delete': ({ id }) =>
      gateway.json<JobDeleteResponse>({ method: 'DELETE', path: jobPath(id) }),
    'jobs:archive': move('archive'),
    'jobs:unarchive': move('unarchive'),
    'jobs:reactivate': move('reactivate'),
    'jobs:deliver': move('deliver'),
    'jobs:stats': ({ id }) =>
      gateway.json<JobLeverageStats>({ method: 'POST', path: jobPath(id, 'stats') }),
    // The route answers nothing; the job says how the export goes (`isProcessing`).
    'jobs:export': async ({ id, type }) => {
      await gateway.json<unknown>({ method: 'GET', path: jobPath(id, 'export'), query: { type } });
      return get(id);
    },
    // The zip is named after the job, as the server's Content-Disposition names it.
    'jobs:download': ({ id }, context) =>
      deliver(context, deliverDownload, async () => {
        const job = await get(id);
        const { body, size } = await gateway.download({
          method: 'GET',
          path: jobPath(id, 'download'),
          timeoutMs: TRANSFER_TIMEOUT_MS,
        });
        return { name: `${job.name}.zip`, size, body };
      }),
    'workflows:templates': () =>
      gateway.json<WorkflowTemplate[]>({ method: 'GET', path: '/v2/workflows/templates' }),
  };
}
