import type { UploadProgress } from '../../../shared/ipc/contract';
import type { IpcError } from '../../../shared/ipc/errors';
import { getBridge } from '.';
import { toIpcError } from './ipc-errors';
import { newUploadId, requestUploadCancel } from './upload-control';

/** What every row of a transfer queue has. */
export interface TransferItem {
  /** Stable row key; `uploadId` changes when a failed transfer is tried again. */
  key: string;
  uploadId: string;
  state: string;
  sentBytes: number;
  totalBytes: number;
  error: IpcError | null;
  /** A cancel was asked for and has not been answered yet. */
  isCancelling: boolean;
}

/** The zustand store holding the rows (UI state). */
interface TransferStore<I extends TransferItem> {
  getState(): {
    items: I[];
    add(items: I[]): void;
    patch(key: string, patch: Partial<I>): void;
  };
}

/** What `transfer` may do with its row while it runs. */
export interface TransferControl<I extends TransferItem> {
  /** Whether the user asked to cancel this attempt. */
  isCancelRequested(): boolean;
  /** The bytes are all sent: a cancel can no longer stop it, and the next transfer may start. */
  sent(): void;
  /** Changes the row, unless it was dismissed or tried again since. */
  patch(patch: Partial<I>): void;
}

export interface TransferQueueOptions<I extends TransferItem> {
  store: TransferStore<I>;
  /** The queued rows that may start now, given every row (how many run at once, and which). */
  startable(items: readonly I[]): I[];
  /**
   * Sends the row's file and does what follows (settling the row: done, processing...). A
   * rejection while the row is still `uploading` marks it failed, or cancelled when asked.
   */
  transfer(item: I, control: TransferControl<I>): Promise<void>;
  /** What a new attempt resets, beyond state, bytes, error and uploadId. */
  freshAttempt: Partial<I>;
}

export interface TransferQueue<I extends TransferItem> {
  add(items: I[]): void;
  cancel(key: string): Promise<void>;
  retry(key: string): void;
}

/**
 * Runs rows of file transfers (uploads, imports) through the host: as many at once as
 * `startable` allows, progress from `uploads:progress`, cancel through `uploads:cancel` (asked
 * again until the host knows the upload), try again with a new upload id. It lives outside any
 * component, so transfers go on while the user looks at another view.
 */
export function createTransferQueue<I extends TransferItem>(
  options: TransferQueueOptions<I>,
): TransferQueue<I> {
  const store = () => options.store.getState();
  const find = (key: string) => store().items.find((item) => item.key === key);
  /** Transfers still sending, by uploadId: whether the user asked to cancel each. */
  const running = new Map<string, { isCancelRequested: boolean }>();
  let unsubscribe: (() => void) | null = null;

  /** The row of this attempt, unless it was dismissed or tried again since. */
  const attempt = (item: I) => {
    const current = find(item.key);
    return current?.uploadId === item.uploadId ? current : undefined;
  };

  const onProgress = ({ uploadId, sentBytes, totalBytes }: UploadProgress) => {
    const item = store().items.find((row) => row.uploadId === uploadId);
    if (!item || item.state !== 'uploading') return;
    store().patch(item.key, {
      sentBytes: Math.max(item.sentBytes, sentBytes),
      totalBytes: totalBytes ?? item.totalBytes,
    } as Partial<I>);
  };

  const pump = () => {
    for (const item of options.startable(store().items)) void run(item);
    if (running.size === 0 && unsubscribe) {
      unsubscribe();
      unsubscribe = null;
    }
  };

  async function run(queued: I) {
    const control = { isCancelRequested: false };
    running.set(queued.uploadId, control);
    unsubscribe ??= getBridge().on('uploads:progress', onProgress);
    store().patch(queued.key, { state: 'uploading', sentBytes: 0, error: null } as Partial<I>);
    const item = find(queued.key) ?? queued;
    try {
      await options.transfer(item, {
        isCancelRequested: () => control.isCancelRequested,
        sent: () => void running.delete(item.uploadId),
        patch: (patch) => {
          if (attempt(item)) store().patch(item.key, patch);
        },
      });
    } catch (error) {
      if (attempt(item)?.state === 'uploading') {
        store().patch(
          item.key,
          (control.isCancelRequested
            ? { state: 'cancelled', isCancelling: false }
            : { state: 'failed', error: toIpcError(error) }) as Partial<I>,
        );
      }
    } finally {
      running.delete(item.uploadId);
      pump();
    }
  }

  return {
    add(items) {
      store().add(items);
      pump();
    },

    async cancel(key) {
      const item = find(key);
      if (item?.state === 'queued') {
        store().patch(key, { state: 'cancelled' } as Partial<I>);
        return;
      }
      const control = item && running.get(item.uploadId);
      if (!item || !control) return;
      control.isCancelRequested = true;
      store().patch(key, { isCancelling: true } as Partial<I>);
      const stopped = await requestUploadCancel(item.uploadId, () => running.has(item.uploadId));
      // The host has stopped sending. A browser may still be pushing the rest of the body into
      // the void before its call returns; the row and the next transfer need not wait for it.
      if (stopped && attempt(item)?.state === 'uploading') {
        store().patch(key, { state: 'cancelled', isCancelling: false } as Partial<I>);
        pump();
      }
    },

    retry(key) {
      const item = find(key);
      if (!item || (item.state !== 'failed' && item.state !== 'cancelled')) return;
      store().patch(key, {
        ...options.freshAttempt,
        uploadId: newUploadId(),
        state: 'queued',
        sentBytes: 0,
        error: null,
      } as Partial<I>);
      pump();
    },
  };
}
