import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DownloadResult } from '../../../../shared/ipc/contract';
import { getBridge } from '../../bridge';
import { translationQueries } from '../../queries/translations';

// A browser download is only under way when the call answers; the server marks it Completed
// once it has sent the bytes, so the lists are asked again a moment later too.
const BROWSER_SETTLE_MS = 2000;

interface Callbacks<TData> {
  onSuccess?: (data: TData) => void;
  onError?: (error: unknown) => void;
}

/** Desktop: a save dialog. Browser: a normal download. The first one marks it Completed. */
export function useDownloadTranslation(callbacks: Callbacks<DownloadResult> = {}) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: translationQueries.lists() });
  return useMutation({
    mutationFn: (input: { id: number }) => getBridge().translations.download(input),
    onSuccess: (result) => {
      void refresh();
      if ('delivered' in result) setTimeout(() => void refresh(), BROWSER_SETTLE_MS);
      callbacks.onSuccess?.(result);
    },
    onError: callbacks.onError,
  });
}

/** Desktop only: the translated file dragged out of the window (it counts as a download). */
export function useDragOutTranslation(callbacks: Callbacks<unknown> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number }) => getBridge().translations.dragOut(input),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: translationQueries.lists() });
      callbacks.onSuccess?.(result);
    },
    onError: callbacks.onError,
  });
}
