import { create } from 'zustand';
import type { IpcError } from '../../../../shared/ipc/errors';
import type { UploadOptions } from './files-store';

export type UploadState = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

/** One dropped or picked file on its way to the server, as its row shows it. */
export interface UploadItem {
  /** Stable row key; `uploadId` changes when a failed upload is tried again. */
  key: string;
  uploadId: string;
  name: string;
  file: File;
  options: UploadOptions;
  state: UploadState;
  sentBytes: number;
  totalBytes: number;
  error: IpcError | null;
  /** A cancel was asked for and has not been answered yet. */
  isCancelling: boolean;
  /** The cancel came too late: the server had already stored the file. */
  isStoredDespiteCancel: boolean;
}

export const isFinished = (item: Pick<UploadItem, 'state'>): boolean =>
  item.state === 'done' || item.state === 'failed' || item.state === 'cancelled';

interface UploadStore {
  items: UploadItem[];
  add: (items: UploadItem[]) => void;
  patch: (key: string, patch: Partial<UploadItem>) => void;
  dismiss: (key: string) => void;
  clearFinished: () => void;
}

/** The uploads of this window, in the order they were dropped. UI state: rows and their bytes. */
export const useUploadStore = create<UploadStore>()((set) => ({
  items: [],
  add: (items) => set((state) => ({ items: [...state.items, ...items] })),
  patch: (key, patch) =>
    set((state) => ({
      items: state.items.map((item) => (item.key === key ? { ...item, ...patch } : item)),
    })),
  dismiss: (key) => set((state) => ({ items: state.items.filter((item) => item.key !== key) })),
  clearFinished: () => set((state) => ({ items: state.items.filter((item) => !isFinished(item)) })),
}));
