import { queryOptions } from '@tanstack/react-query';
import { getBridge } from '../bridge';

/** The workflow templates a job's projects can follow; the same for the whole organization. */
export const workflowQueries = {
  all: ['workflows'] as const,
  templates: () =>
    queryOptions({
      queryKey: [...workflowQueries.all, 'templates'] as const,
      queryFn: () => getBridge().workflows.templates(),
      staleTime: 5 * 60_000,
    }),
};
