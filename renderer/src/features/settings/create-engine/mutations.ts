import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateEngineUpdate } from '../../../../../shared/api/create';
import { getBridge } from '../../../bridge';
import { createQueries } from '../../../queries/create';

export function useSetCreateEngine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: CreateEngineUpdate) => getBridge().create.setEngine(update),
    onSuccess: (engine) => queryClient.setQueryData(createQueries.engine().queryKey, engine),
  });
}

/** Generates a few tokens with the engine as saved. */
export function useTestCreateEngine() {
  return useMutation({ mutationFn: () => getBridge().create.testEngine() });
}

/** The desktop's file dialog; null when cancelled. */
export async function pickModelFile(): Promise<string | null> {
  return (await getBridge().create.pickModel()).path;
}
