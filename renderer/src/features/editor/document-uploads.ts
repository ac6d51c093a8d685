import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { UploadProgress } from '../../../../shared/ipc/contract';
import type { IpcError } from '../../../../shared/ipc/errors';
import { getBridge } from '../../bridge';
import { toIpcError } from '../../bridge/ipc-errors';
import { projectQueries } from '../board/queries';
import { newUploadId, requestUploadCancel } from '../../bridge/upload-control';
import type { UploadOptions } from './editor-store';
import { editorQueries } from './queries';

export interface DocumentUpload {
  uploadId: string;
  projectId: number;
  name: string;
  state: 'uploading' | 'done' | 'failed' | 'cancelled';
  /** Cancel was clicked and the upload has not stopped yet. */
  isCancelling: boolean;
  sentBytes: number;
  totalBytes: number;
  error: IpcError | null;
  documentId: number | null;
}

interface DocumentUploadStore {
  items: DocumentUpload[];
  patch: (uploadId: string, patch: Partial<DocumentUpload>) => void;
  dismiss: (uploadId: string) => void;
}

/** The document uploads of this window, as their rows show them. */
export const useDocumentUploadStore = create<DocumentUploadStore>()((set) => ({
  items: [],
  patch: (uploadId, patch) =>
    set(({ items }) => ({
      items: items.map((item) => (item.uploadId === uploadId ? { ...item, ...patch } : item)),
    })),
  dismiss: (uploadId) =>
    set(({ items }) => ({ items: items.filter((item) => item.uploadId !== uploadId) })),
}));

const cancelRequested = new Set<string>();
/** Uploads whose call has not returned yet. */
const running = new Set<string>();

/**
 * Uploads one file as a new document of the project: progress from `uploads:progress`, the
 * project list and the document cached when it arrives. It runs outside any component, so it
 * goes on while the user opens another document.
 */
export async function uploadDocument(
  queryClient: QueryClient,
  projectId: number,
  file: File,
  options: UploadOptions,
): Promise<void> {
  const uploadId = newUploadId();
  const store = useDocumentUploadStore;
  store.setState(({ items }) => ({
    items: [
      ...items,
      {
        uploadId,
        projectId,
        name: file.name,
        state: 'uploading',
        isCancelling: false,
        sentBytes: 0,
        totalBytes: file.size,
        error: null,
        documentId: null,
      },
    ],
  }));
  running.add(uploadId);
  const unsubscribe = getBridge().on('uploads:progress', (progress: UploadProgress) => {
    if (progress.uploadId !== uploadId) return;
    store.getState().patch(uploadId, {
      sentBytes: progress.sentBytes,
      totalBytes: progress.totalBytes ?? file.size,
    });
  });
  try {
    const document = await getBridge().documents.upload({
      uploadId,
      project_id: projectId,
      name: file.name,
      file,
      ...(options.pretranslate === 'none'
        ? {}
        : { pretranslate: options.pretranslate, auto_accept: options.autoAccept }),
    });
    queryClient.setQueryData(editorQueries.document(document.id).queryKey, document);
    store
      .getState()
      .patch(uploadId, { state: 'done', sentBytes: file.size, documentId: document.id });
  } catch (error) {
    store
      .getState()
      .patch(
        uploadId,
        cancelRequested.has(uploadId)
          ? { state: 'cancelled' }
          : { state: 'failed', error: toIpcError(error) },
      );
  } finally {
    running.delete(uploadId);
    unsubscribe();
    cancelRequested.delete(uploadId);
    void queryClient.invalidateQueries({ queryKey: projectQueries.all });
  }
}

export async function cancelDocumentUpload(uploadId: string): Promise<void> {
  cancelRequested.add(uploadId);
  useDocumentUploadStore.getState().patch(uploadId, { isCancelling: true });
  await requestUploadCancel(uploadId, () => running.has(uploadId));
}
