import type { SourceFile } from '../../../../shared/api/files';
import { getBridge } from '../../bridge';
import { createTransferQueue } from '../../bridge/transfer-queue';
import { newUploadId } from '../../bridge/upload-control';
import type { UploadOptions } from './files-store';
import { useUploadStore, type UploadItem } from './upload-store';

/** Uploads that run at once; the rest wait their turn. More only split the same bandwidth. */
export const MAX_CONCURRENT_UPLOADS = 3;

export interface Uploader {
  enqueue: (files: readonly File[], options: UploadOptions) => void;
  cancel: (key: string) => Promise<void>;
  retry: (key: string) => void;
}

/** The queued rows that may start: a free slot each, in the order they were dropped. */
function startable(items: readonly UploadItem[]): UploadItem[] {
  const active = items.filter((item) => item.state === 'uploading').length;
  const slots = Math.max(0, MAX_CONCURRENT_UPLOADS - active);
  return items.filter((item) => item.state === 'queued').slice(0, slots);
}

/** Runs the upload queue: a few at a time, with progress, cancel and try again. */
export function createUploader(
  onStored: (file: SourceFile, options: UploadOptions) => void,
): Uploader {
  const queue = createTransferQueue<UploadItem>({
    store: useUploadStore,
    startable,
    freshAttempt: { isStoredDespiteCancel: false },
    async transfer(item, control) {
      const stored = await getBridge().files.upload({
        uploadId: item.uploadId,
        name: item.name,
        file: item.file,
        langId: item.options.detectLanguage,
        category: item.options.category,
      });
      // Stored, even if a cancel arrived just too late: say so rather than hide the file.
      control.patch({
        state: 'done',
        sentBytes: stored.size,
        totalBytes: stored.size,
        isCancelling: false,
        isStoredDespiteCancel: control.isCancelRequested(),
      });
      onStored(stored, item.options);
    },
  });

  return {
    enqueue(files, options) {
      queue.add(
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
    },
    cancel: queue.cancel,
    retry: queue.retry,
  };
}
