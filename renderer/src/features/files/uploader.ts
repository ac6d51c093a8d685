import type { SourceFile } from '../../../../shared/api/files';
import type { UploadProgress } from '../../../../shared/ipc/contract';
import { getBridge } from '../../bridge';
import { toIpcError } from '../../bridge/ipc-errors';
import { newUploadId, requestUploadCancel } from '../../bridge/upload-control';
import type { UploadOptions } from './files-store';
import { findUpload, useUploadStore, type UploadItem } from './upload-store';

/** Uploads that run at once; the rest wait their turn. More only split the same bandwidth. */
export const MAX_CONCURRENT_UPLOADS = 3;
export interface Uploader {
  enqueue: (files: readonly File[], options: UploadOptions) => void;
  cancel: (key: string) => Promise<void>;
  retry: (key: string) => void;
}

/**
 * Runs the upload queue: a few at a time, progress from the host's `uploads:progress`
 * pushes, cancel through `uploads:cancel`. It lives outside any component, so uploads go on
 * while the user looks at another view.
 */
export function createUploader(onStored: (file: SourceFile) => void): Uploader {
  const store = useUploadStore.getState;
  /** Upload calls not answered yet, by uploadId: whether the user asked to cancel each. */
  const running = new Map<string, { isCancelRequested: boolean }>();
  let unsubscribe: (() => void) | null = null;

  /** The row of this attempt, unless it was dismissed or tried again since. */
  const attempt = (item: UploadItem) => {
    const current = findUpload(item.key);
    return current?.uploadId === item.uploadId ? current : undefined;
  };

  const onProgress = ({ uploadId, sentBytes, totalBytes }: UploadProgress) => {
    const item = store().items.find((row) => row.uploadId === uploadId);
    if (!item || item.state !== 'uploading') return;
    store().patch(item.key, {
      sentBytes: Math.max(item.sentBytes, sentBytes),
      totalBytes: totalBytes ?? item.totalBytes,
    });
  };

  const pump = () => {
    const { items } = store();
    let active = items.filter((item) => item.state === 'uploading').length;
    for (const item of items) {
      if (active >= MAX_CONCURRENT_UPLOADS) break;
      if (item.state !== 'queued') continue;
      active += 1;
      void run(item);
    }
    if (running.size === 0 && unsubscribe) {
      unsubscribe();
      unsubscribe = null;
    }
  };

  async function run(item: UploadItem) {
    const control = { isCancelRequested: false };
    running.set(item.uploadId, control);
    unsubscribe ??= getBridge().on('uploads:progress', onProgress);
    store().patch(item.key, { state: 'uploading', sentBytes: 0, error: null });
    try {
      const stored = await getBridge().files.upload({
        uploadId: item.uploadId,
        name: item.name,
        file: item.file,
        langId: item.options.detectLanguage,
        category: item.options.category,
      });
      // Stored, even if a cancel arrived just too late: say so rather than hide the file.
      if (attempt(item)) {
        store().patch(item.key, {
          state: 'done',
          sentBytes: stored.size,
          totalBytes: stored.size,
          isCancelling: false,
          isStoredDespiteCancel: control.isCancelRequested,
        });
      }
      onStored(stored);
    } catch (error) {
      if (attempt(item)?.state === 'uploading') {
        store().patch(
          item.key,
          control.isCancelRequested
            ? { state: 'cancelled', isCancelling: false }
            : { state: 'failed', error: toIpcError(error) },
        );
      }
    } finally {
      running.delete(item.uploadId);
      pump();
    }
  }

  return {
    enqueue(files, options) {
      store().add(
        files.map((file) => {
          const uploadId = newUploadId();
          return {
            key: uploadId,
            uploadId,
            name: file.name,
            file,
            options,
            state: 'queued',
            sentBytes: 0,
            totalBytes: file.size,
            error: null,
            isCancelling: false,
            isStoredDespiteCancel: false,
          } satisfies UploadItem;
        }),
      );
      pump();
    },

    async cancel(key) {
      const item = findUpload(key);
      if (item?.state === 'queued') {
        store().patch(key, { state: 'cancelled' });
        return;
      }
      const control = item && running.get(item.uploadId);
      if (!item || !control) return;
      control.isCancelRequested = true;
      store().patch(key, { isCancelling: true });
      const stopped = await requestUploadCancel(item.uploadId, () => running.has(item.uploadId));
      // The host has stopped sending. A browser may still be pushing the rest of the body into
      // the void before its call returns; the row and the slot need not wait for it.
      if (stopped && attempt(item)?.state === 'uploading') {
        store().patch(key, { state: 'cancelled', isCancelling: false });
        pump();
      }
    },

    retry(key) {
      const item = findUpload(key);
      if (!item || (item.state !== 'failed' && item.state !== 'cancelled')) return;
      store().patch(key, {
        uploadId: newUploadId(),
        state: 'queued',
        sentBytes: 0,
        error: null,
        isStoredDespiteCancel: false,
      });
      pump();
    },
  };
}
