// @vitest-environment jsdom
// jsdom: the bridge lives on `window`.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import { createBridge } from '../../../shared/ipc/bridge';
import type { UploadProgress } from '../../../shared/ipc/contract';
import type { IpcResult } from '../../../shared/ipc/errors';
import { createTransferQueue, type TransferItem } from './transfer-queue';
import { newUploadId } from './upload-control';

interface Row extends TransferItem {
  attempt: number;
}

// The bridge is the seam to the host: uploads wait here until a test answers them.
const sending = new Map<string, (result: IpcResult<unknown>) => void>();
const progressListeners = new Set<(payload: unknown) => void>();
const invoke = vi.fn<(channel: string, input: unknown) => Promise<IpcResult<unknown>>>();
window.wordbench = createBridge({
  invoke,
  upload: (_channel, input) =>
    new Promise((resolve) => sending.set(String(input.uploadId), resolve)),
  download: () => Promise.reject(new Error('no downloads here')),
  subscribe: (_event, listener) => {
    progressListeners.add(listener);
    return () => progressListeners.delete(listener);
  },
});

const answerUpload = (row: Row, result: IpcResult<unknown>) => sending.get(row.uploadId)?.(result);
const pushProgress = (progress: UploadProgress) => {
  for (const listener of progressListeners) listener(progress);
};
/** Lets the queue's awaits run (the bridge's promise, then the queue's own). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const useRows = create<{
  items: Row[];
  add: (items: Row[]) => void;
  patch: (key: string, patch: Partial<Row>) => void;
}>()((set) => ({
  items: [],
  add: (items) => set((state) => ({ items: [...state.items, ...items] })),
  patch: (key, patch) =>
    set((state) => ({
      items: state.items.map((item) => (item.key === key ? { ...item, ...patch } : item)),
    })),
}));

const row = (key: string): Row => ({
  key,
  uploadId: newUploadId(),
  state: 'queued',
  sentBytes: 0,
  totalBytes: 100,
  error: null,
  isCancelling: false,
  attempt: 1,
});
const current = (key: string) => useRows.getState().items.find((item) => item.key === key) as Row;

/** One transfer at a time, as the memory importer does; each sends its row through the bridge. */
function createQueue() {
  return createTransferQueue<Row>({
    store: useRows,
    startable: (items) =>
      items.some((item) => item.state === 'uploading')
        ? []
        : items.filter((item) => item.state === 'queued').slice(0, 1),
    freshAttempt: { isCancelling: false },
    async transfer(item, control) {
      const stored = await window.wordbench?.files.upload({
        uploadId: item.uploadId,
        name: `${item.key}.txt`,
        file: new Blob(['x']),
      });
      control.sent();
      control.patch({ state: 'done', sentBytes: stored?.size ?? 0 });
    },
  });
}

beforeEach(() => {
  useRows.setState({ items: [] });
  sending.clear();
  // Earlier tests leave transfers running (and listening); each test counts its own queue only.
  progressListeners.clear();
  invoke.mockReset();
});

describe('createTransferQueue', () => {
  it('runs what startable allows and starts the next when one ends', async () => {
    const queue = createQueue();
    queue.add([row('a'), row('b')]);
    expect(current('a').state).toBe('uploading');
    expect(current('b').state).toBe('queued');
    answerUpload(current('a'), { ok: true, value: { size: 100 } });
    await settle();
    expect(current('a')).toMatchObject({ state: 'done', sentBytes: 100 });
    expect(current('b').state).toBe('uploading');
  });

  it('shows the host’s progress while uploading, never going back', async () => {
    const queue = createQueue();
    queue.add([row('a')]);
    const { uploadId } = current('a');
    expect(progressListeners.size).toBe(1);
    pushProgress({ uploadId, sentBytes: 60, totalBytes: 120 });
    pushProgress({ uploadId, sentBytes: 40, totalBytes: null });
    expect(current('a')).toMatchObject({ sentBytes: 60, totalBytes: 120 });
    answerUpload(current('a'), { ok: true, value: { size: 120 } });
    await settle();
    // Nothing runs any more: the queue stops listening.
    expect(progressListeners.size).toBe(0);
  });

  it('marks a refused transfer failed with the host’s error', async () => {
    const queue = createQueue();
    queue.add([row('a')]);
    answerUpload(current('a'), {
      ok: false,
      error: { code: 'payload-too-large', status: 413, message: 'Too big' },
    });
    await settle();
    expect(current('a')).toMatchObject({
      state: 'failed',
      error: { code: 'payload-too-large', status: 413, message: 'Too big' },
    });
  });

  it('cancels a queued row without asking the host', async () => {
    const queue = createQueue();
    queue.add([row('a'), row('b')]);
    await queue.cancel('b');
    expect(current('b').state).toBe('cancelled');
    expect(invoke).not.toHaveBeenCalled();
  });

  it('asks the host to stop a running transfer, then starts the next', async () => {
    invoke.mockResolvedValue({ ok: true, value: { cancelled: true } });
    const queue = createQueue();
    queue.add([row('a'), row('b')]);
    const { uploadId } = current('a');
    const cancelling = queue.cancel('a');
    expect(current('a').isCancelling).toBe(true);
    await cancelling;
    expect(invoke).toHaveBeenCalledExactlyOnceWith('uploads:cancel', { uploadId });
    expect(current('a')).toMatchObject({ state: 'cancelled', isCancelling: false });
    expect(current('b').state).toBe('uploading');
  });

  it('tries a failed row again with a new upload id and a fresh attempt', async () => {
    const queue = createQueue();
    queue.add([row('a')]);
    const first = current('a').uploadId;
    answerUpload(current('a'), { ok: false, error: { code: 'network', message: 'Offline' } });
    await settle();
    useRows.getState().patch('a', { isCancelling: true });
    queue.retry('a');
    expect(current('a')).toMatchObject({ state: 'uploading', error: null, isCancelling: false });
    expect(current('a').uploadId).not.toBe(first);
    // The first attempt's late progress no longer moves the row.
    pushProgress({ uploadId: first, sentBytes: 90, totalBytes: 100 });
    expect(current('a').sentBytes).toBe(0);
    answerUpload(current('a'), { ok: true, value: { size: 100 } });
    await settle();
    expect(current('a').state).toBe('done');
  });

  it('does not try again a row that is running or done', () => {
    const queue = createQueue();
    queue.add([row('a')]);
    const { uploadId } = current('a');
    queue.retry('a');
    expect(current('a').uploadId).toBe(uploadId);
  });
});
