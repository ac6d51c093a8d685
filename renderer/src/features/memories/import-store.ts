import { create } from 'zustand';
import type { IpcError } from '../../../../shared/ipc/errors';
import type { ImportOptions } from './memories-store';

/**
 * queued -> uploading (bytes on their way) -> processing (the server reads the file in the
 * background) -> done or failed; cancelled while waiting or uploading.
 */
export type ImportState = 'queued' | 'uploading' | 'processing' | 'done' | 'failed' | 'cancelled';

/** One file dropped on a memory, as its row shows it. */
export interface ImportItem {
  /** Stable row key; `uploadId` changes when a failed import is tried again. */
  key: string;
  uploadId: string;
  memoryId: number;
  name: string;
  file: File;
  options: ImportOptions;
  state: ImportState;
  sentBytes: number;
  totalBytes: number;
  error: IpcError | null;
  /** A cancel was asked for and has not been answered yet. */
  isCancelling: boolean;
  /** The cancel came too late: the whole file had arrived, so the import went on. */
  isImportedDespiteCancel: boolean;
  /** What the import added, once done. */
  added: { units: number; terms: number } | null;
}

export const isImportFinished = (item: Pick<ImportItem, 'state'>): boolean =>
  item.state === 'done' || item.state === 'failed' || item.state === 'cancelled';

/** Uploading or being read by the server: the memory is busy with it. */
export const isImportActive = (item: Pick<ImportItem, 'state'>): boolean =>
  item.state === 'uploading' || item.state === 'processing';

interface ImportStore {
  items: ImportItem[];
  add: (items: ImportItem[]) => void;
  patch: (key: string, patch: Partial<ImportItem>) => void;
  dismiss: (key: string) => void;
  clearFinished: (memoryId: number) => void;
}

/** The imports of this window, in the order they were dropped. UI state: rows and their bytes. */
export const useImportStore = create<ImportStore>()((set) => ({
  items: [],
  add: (items) => set((state) => ({ items: [...state.items, ...items] })),
  patch: (key, patch) =>
    set((state) => ({
      items: state.items.map((item) => (item.key === key ? { ...item, ...patch } : item)),
    })),
  dismiss: (key) => set((state) => ({ items: state.items.filter((item) => item.key !== key) })),
  clearFinished: (memoryId) =>
    set((state) => ({
      items: state.items.filter((item) => item.memoryId !== memoryId || !isImportFinished(item)),
    })),
}));
