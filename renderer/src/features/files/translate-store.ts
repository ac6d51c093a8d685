import { create } from 'zustand';

interface TranslateStore {
  /** The files ticked for Translate…, by id. */
  selectedIds: readonly number[];
  isDialogOpen: boolean;
  /** The memory "Drop to translate" uses; unset means the first memory. */
  dropMemoryId: number | null;
  toggle: (id: number) => void;
  /** Ticks all of `ids` or, when all are ticked already, none of them. */
  toggleAll: (ids: readonly number[]) => void;
  clear: () => void;
  openDialog: () => void;
  closeDialog: () => void;
  setDropMemoryId: (id: number) => void;
}

/** UI state of the Files view's translation: the selection, the dialog, the drop's memory. */
export const useTranslateStore = create<TranslateStore>()((set) => ({
  selectedIds: [],
  isDialogOpen: false,
  dropMemoryId: null,
  toggle: (id) =>
    set(({ selectedIds }) => ({
      selectedIds: selectedIds.includes(id)
        ? selectedIds.filter((selected) => selected !== id)
        : [...selectedIds, id],
    })),
  toggleAll: (ids) =>
    set(({ selectedIds }) => {
      const isAllSelected = ids.length > 0 && ids.every((id) => selectedIds.includes(id));
      return {
        selectedIds: isAllSelected
          ? selectedIds.filter((id) => !ids.includes(id))
          : [...new Set([...selectedIds, ...ids])],
      };
    }),
  clear: () => set({ selectedIds: [] }),
  openDialog: () => set({ isDialogOpen: true }),
  closeDialog: () => set({ isDialogOpen: false }),
  setDropMemoryId: (dropMemoryId) => set({ dropMemoryId }),
}));
