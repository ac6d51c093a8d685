import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QaIgnore } from '../../../../../shared/api/qa';
import type { ChannelInput } from '../../../../../shared/ipc/contract';
import { getBridge } from '../../../bridge';

// Reviewers ignore warnings from other machines; theirs show up within this.
const IGNORES_POLL_MS = 30_000;

/** A document's ignored QA warnings, kept by the server. */
export const qaIgnoreQueries = {
  list: (documentId: number) =>
    queryOptions({
      queryKey: ['qa-ignores', documentId] as const,
      queryFn: () => getBridge().qa.listIgnores({ document_id: documentId }),
      refetchInterval: IGNORES_POLL_MS,
    }),
};

type Place = Pick<QaIgnore, 'segment_id' | 'check'>;
const isPlace = (ignore: Place, place: Place) =>
  ignore.segment_id === place.segment_id && ignore.check === place.check;

/**
 * Ignore and un-ignore a warning. The answer goes into the cached list at once (the report and
 * the live warnings follow), then the list is asked for again with what others did meanwhile.
 */
export function useQaIgnoreMutations(documentId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = qaIgnoreQueries.list(documentId);
  const update = (change: (ignores: QaIgnore[]) => QaIgnore[]) => {
    queryClient.setQueryData<QaIgnore[]>(queryKey, (ignores) => change(ignores ?? []));
    void queryClient.invalidateQueries({ queryKey });
  };
  const ignore = useMutation({
    mutationFn: (input: Omit<ChannelInput<'qa:ignore'>, 'document_id'>) =>
      getBridge().qa.ignore({ ...input, document_id: documentId }),
    onSuccess: (created) =>
      update((ignores) => [...ignores.filter((item) => !isPlace(item, created)), created]),
  });
  const unignore = useMutation({
    mutationFn: (input: Place) => getBridge().qa.unignore({ ...input, document_id: documentId }),
    onSuccess: (_answer, place) =>
      update((ignores) => ignores.filter((item) => !isPlace(item, place))),
  });
  return { ignore, unignore };
}
