import { create } from 'zustand';
import type { ConcordanceSide } from '../../../../shared/api/concordance';

/** A refused change (rename, export), shown above the memories until dismissed. */
export interface MemoriesAlert {
  title: string;
  error: unknown;
}

export type MemoriesDialog =
  | { kind: 'create' }
  | { kind: 'delete'; id: number; name: string }
  | { kind: 'delete-unit'; memoryId: number; segmentId: number; source: string };

export interface ImportOptions {
  /** CSV/TSV: the first row names the columns. */
  hasHeaderRow: boolean;
  /** Units the memory already has (same source and target) are not added again. */
  skipDuplicates: boolean;
}

interface MemoriesStore {
  dialog: MemoriesDialog | null;
  alert: MemoriesAlert | null;
  notice: string | null;
  /** The search being typed; kept while the user visits other memories and views. */
  searchText: string;
  threshold: number;
  /** The concordance search being typed, and the side it looks in. */
  concordanceText: string;
  concordanceSide: ConcordanceSide;
  importOptions: ImportOptions;
  openDialog: (dialog: MemoriesDialog) => void;
  closeDialog: () => void;
  showAlert: (alert: MemoriesAlert) => void;
  dismissAlert: () => void;
  showNotice: (notice: string | null) => void;
  setSearchText: (searchText: string) => void;
  setThreshold: (threshold: number) => void;
  setConcordance: (patch: { concordanceText?: string; concordanceSide?: ConcordanceSide }) => void;
  setImportOptions: (patch: Partial<ImportOptions>) => void;
}

/** The Memories view's UI state only: the open dialog, what was said, the search being typed. */
export const useMemoriesStore = create<MemoriesStore>()((set) => ({
  dialog: null,
  alert: null,
  notice: null,
  searchText: '',
  threshold: 50,
  concordanceText: '',
  concordanceSide: 'source',
  // Importing a file twice must not double the memory unless asked to (issue 14).
  importOptions: { hasHeaderRow: true, skipDuplicates: true },
  openDialog: (dialog) => set({ dialog }),
  closeDialog: () => set({ dialog: null }),
  showAlert: (alert) => set({ alert, notice: null }),
  dismissAlert: () => set({ alert: null }),
  showNotice: (notice) => set({ notice, alert: null }),
  setSearchText: (searchText) => set({ searchText }),
  setThreshold: (threshold) => set({ threshold }),
  setConcordance: (patch) => set(patch),
  setImportOptions: (patch) =>
    set(({ importOptions }) => ({ importOptions: { ...importOptions, ...patch } })),
}));
