import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { LiltCreateContentRequest } from '../../../../shared/api/create';
import type { GenerationResult } from '../../../../shared/ipc/create-channels';
import { getBridge } from '../../bridge';
import { toIpcError } from '../../bridge/ipc-errors';
import { newUploadId } from '../../bridge/upload-control';
import { createQueries } from '../../queries/create';
import { useStoreContent } from './mutations';

/** What to generate: a new content from a request, or a saved one again. */
export type GenerationStart = { request: LiltCreateContentRequest } | { regenerateId: number };

export interface GenerationState {
  /** The text as it streams in (kept after the end, until the next start). */
  text: string;
  isRunning: boolean;
  isStopping: boolean;
  result: GenerationResult | null;
  error: unknown;
}

const IDLE: GenerationState = {
  text: '',
  isRunning: false,
  isStopping: false,
  result: null,
  error: null,
};

/**
 * One generation at a time: its pieces come as `create:piece` events (for this generation's id
 * only) while the call runs; the call's answer is how it ended and the content saved.
 */
export function useGeneration(onSaved: (id: number) => void) {
  const [state, setState] = useState<GenerationState>(IDLE);
  const current = useRef<string | null>(null);
  const queryClient = useQueryClient();
  const storeContent = useStoreContent();

  useEffect(
    () =>
      getBridge().on('create:piece', ({ generationId, text }) => {
        if (generationId !== current.current) return;
        setState((previous) => ({ ...previous, text: previous.text + text }));
      }),
    [],
  );

  async function start(what: GenerationStart) {
    if (current.current) return;
    const generationId = newUploadId();
    current.current = generationId;
    setState({ ...IDLE, isRunning: true });
    try {
      const bridge = getBridge().create;
      const result =
        'request' in what
          ? await bridge.generate({ generationId, request: what.request })
          : await bridge.regenerate({ generationId, id: what.regenerateId });
      // A generation went through: the terms are signed.
      queryClient.setQueryData(createQueries.terms().queryKey, true);
      if (result.content) {
        storeContent(result.content);
        onSaved(result.content.id);
      }
      setState((previous) => ({ ...previous, isRunning: false, isStopping: false, result }));
    } catch (error) {
      if (toIpcError(error).status === 403) {
        queryClient.setQueryData(createQueries.terms().queryKey, false);
      }
      setState((previous) => ({ ...previous, isRunning: false, isStopping: false, error }));
    } finally {
      current.current = null;
    }
  }

  function stop() {
    const generationId = current.current;
    if (!generationId) return;
    setState((previous) => ({ ...previous, isStopping: true }));
    void getBridge().create.stop({ generationId });
  }

  return { ...state, start, stop };
}
