import { vi } from 'vitest';
import type { LiltCreateContent } from '../../../../shared/api/create';
import { createBridge } from '../../../../shared/ipc/bridge';
import type { IpcResult } from '../../../../shared/ipc/errors';

type Call = (channel: string, input: unknown) => Promise<IpcResult<unknown>>;

/**
 * For the Create component tests: the page's own bridge over a transport answered in the test,
 * which can also push events (the streamed pieces).
 */
export function installCreateTestBridge() {
  const invoke = vi.fn<Call>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  window.wordbench = createBridge({
    invoke,
    upload: () => Promise.reject(new Error('no uploads here')),
    download: () => Promise.reject(new Error('no downloads here')),
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  });
  const push = (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  return { invoke, push };
}

export const ok = (value: unknown): Promise<IpcResult<unknown>> =>
  Promise.resolve({ ok: true, value });

export const content = (patch: Partial<LiltCreateContent> = {}): LiltCreateContent => ({
  id: 7,
  name: 'Hiking boots',
  language: 'en',
  template: 'product-description',
  templateParams: { language: 'en', contentLength: 40 },
  preferences: {},
  text: 'Sturdy boots for wet trails.',
  status: 'finished',
  createdAt: 1_780_000_000,
  updatedAt: 1_780_000_000,
  ...patch,
});
