import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TranslationInfo } from '../../../shared/api/file-translation';
import type { ChannelInput } from '../../../shared/ipc/contract';
import { getBridge } from '../bridge';
import { translationQueries } from './translations';

export type StartTranslationsInput = ChannelInput<'translations:start'>;

/** Starts translations and makes every translation list fetch again (and so poll). */
export async function startTranslations(
  queryClient: QueryClient,
  input: StartTranslationsInput,
): Promise<TranslationInfo[]> {
  const started = await getBridge().translations.start(input);
  await queryClient.invalidateQueries({ queryKey: translationQueries.lists() });
  return started;
}

interface Callbacks {
  onSuccess?: (started: TranslationInfo[], input: StartTranslationsInput) => void;
  onError?: (error: unknown, input: StartTranslationsInput) => void;
}

/** Translate… in the Files view: one translation per selected file. */
export function useStartTranslations(callbacks: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StartTranslationsInput) => startTranslations(queryClient, input),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}
