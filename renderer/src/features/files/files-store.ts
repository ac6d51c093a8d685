import { create } from 'zustand';
import type { FileCategory } from '../../../../shared/api/files';

/** A refused change (label, download, delete), shown above the list until dismissed. */
export interface FilesAlert {
  title: string;
  error: unknown;
}

export interface UploadOptions {
  detectLanguage: boolean;
  category: FileCategory;
  /** "Drop to translate": once stored, the file is translated with this memory. */
  translate?: { memoryId: number };
}

interface FilesStore {
  /** How the next dropped files are uploaded; kept while the user visits other views. */
  uploadOptions: UploadOptions;
  /** The file the delete confirmation is asking about. */
  pendingDelete: { id: number; name: string } | null;
  alert: FilesAlert | null;
  /** A short success message (where a download was saved). */
  notice: string | null;
  setUploadOptions: (patch: Partial<UploadOptions>) => void;
  askDelete: (file: { id: number; name: string }) => void;
  closeDelete: () => void;
  showAlert: (alert: FilesAlert) => void;
  dismissAlert: () => void;
  showNotice: (notice: string | null) => void;
}

/** The Files view's UI state only: options, the open dialog, what was said. */
export const useFilesStore = create<FilesStore>()((set) => ({
  uploadOptions: { detectLanguage: true, category: 'API' },
  pendingDelete: null,
  alert: null,
  notice: null,
  setUploadOptions: (patch) =>
    set(({ uploadOptions }) => ({ uploadOptions: { ...uploadOptions, ...patch } })),
  askDelete: (pendingDelete) => set({ pendingDelete }),
  closeDelete: () => set({ pendingDelete: null }),
  showAlert: (alert) => set({ alert, notice: null }),
  dismissAlert: () => set({ alert: null }),
  showNotice: (notice) => set({ notice, alert: null }),
}));
