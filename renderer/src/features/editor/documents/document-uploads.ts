import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { IpcError } from '../../../../../shared/ipc/errors';
import { getBridge } from '../../../bridge';
import { createTransferQueue, type TransferQueue } from '../../../bridge/transfer-queue';
import { newUploadId } from '../../../bridge/upload-control';
import { projectQueries } from '../../../queries/projects';
import type { UploadOptions } from '../editor-store';
import { editorQueries } from '../queries';

export interface DocumentUpload {
  key: string;
  uploadId: string;
  projectId: number;
  name: string;
  file: File;
  options: UploadOptions;
  state: 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';
  /** Cancel was clicked and the upload has not stopped yet. */
  isCancelling: boolean;
  sentBytes: number;
  totalBytes: number;
  error: IpcError | null;
  documentId: number | null;
}

interface DocumentUploadStore {
  items: DocumentUpload[];
  add: (items: DocumentUpload[]) => void;
  patch: (key: string, patch: Partial<DocumentUpload>) => void;
  dismiss: (key: string) => void;
}

/** The document uploads of this window, as their rows show them. */
export const useDocumentUploadStore = create<DocumentUploadStore>()((set) => ({
  items: [],
  add: (added) => set(({ items }) => ({ items: [...items, ...added] })),
  patch: (key, patch) =>
    set(({ items }) => ({
      items: items.map((item) => (item.key === key ? { ...item, ...patch } : item)),
    })),
  dismiss: (key) => set(({ items }) => ({ items: items.filter((item) => item.key !== key) })),
}));

let queue: TransferQueue<DocumentUpload> | null = null;

/**
 * The document uploads: each starts at once, with progress; the project list and the document
 * are cached when it arrives. It runs outside any component, so an upload goes on while the user
 * opens another document.
 */
function documentUploads(queryClient: QueryClient): TransferQueue<DocumentUpload> {
  queue ??= createTransferQueue<DocumentUpload>({
    store: useDocumentUploadStore,
    startable: (items) => items.filter((item) => item.state === 'queued'),
    freshAttempt: { documentId: null },
    async transfer(item, control) {
      try {
        const { options } = item;
        const document = await getBridge().documents.upload({
          uploadId: item.uploadId,
          project_id: item.projectId,
          name: item.name,
          file: item.file,
          ...(options.pretranslate === 'none'
            ? {}
            : { pretranslate: options.pretranslate, auto_accept: options.autoAccept }),
        });
        queryClient.setQueryData(editorQueries.document(document.id).queryKey, document);
        control.patch({
          state: 'done',
          sentBytes: item.totalBytes,
          isCancelling: false,
          documentId: document.id,
        });
      } finally {
        void queryClient.invalidateQueries({ queryKey: projectQueries.all });
      }
    },
  });
  return queue;
}

/** Uploads one file as a new document of the project. */
export function uploadDocument(
  queryClient: QueryClient,
  projectId: number,
  file: File,
  options: UploadOptions,
): void {
  const uploadId = newUploadId();
  documentUploads(queryClient).add([
    {
      key: uploadId,
      uploadId,
      projectId,
      name: file.name,
      file,
      options,
      state: 'queued',
      isCancelling: false,
      sentBytes: 0,
      totalBytes: file.size,
      error: null,
      documentId: null,
    },
  ]);
}

/** Asks the host to stop an upload (nothing to do before any upload ran). */
export async function cancelDocumentUpload(key: string): Promise<void> {
  await queue?.cancel(key);
}
