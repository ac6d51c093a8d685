import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiltCreateContent, PreferencesUpdate } from '../../../../shared/api/create';
import { getBridge } from '../../bridge';
import { createQueries } from '../../queries/create';

/** Signs the terms; the view knows at once (it reads them again on its next opening). */
export function useSignTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getBridge().create.signTerms({ signedAgreement: true }),
    onSuccess: ({ signedAgreement }) =>
      queryClient.setQueryData(createQueries.terms().queryKey, signedAgreement),
  });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: PreferencesUpdate) => getBridge().create.setPreferences(preferences),
    onSuccess: (saved) => queryClient.setQueryData(createQueries.preferences().queryKey, saved),
  });
}

/** Puts a content into the cached list at once (new or changed); the list is read again. */
export function useStoreContent() {
  const queryClient = useQueryClient();
  return (content: LiltCreateContent) => {
    queryClient.setQueryData<LiltCreateContent[]>(createQueries.list().queryKey, (list) =>
      list
        ? list.some((item) => item.id === content.id)
          ? list.map((item) => (item.id === content.id ? content : item))
          : [...list, content]
        : list,
    );
    void queryClient.invalidateQueries({ queryKey: createQueries.list().queryKey });
  };
}

/** Saves the edited text (and name) of a content. */
export function useUpdateContent() {
  const storeContent = useStoreContent();
  return useMutation({
    mutationFn: (change: { id: number; text: string; name?: string }) =>
      getBridge().create.update(change),
    onSuccess: storeContent,
  });
}

export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => getBridge().create.delete({ id }),
    onSuccess: ({ id }) => {
      queryClient.setQueryData<LiltCreateContent[]>(createQueries.list().queryKey, (list) =>
        list?.filter((item) => item.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: createQueries.list().queryKey });
    },
  });
}
