import { create } from 'zustand';
import type { SegmentBatchItem } from '../../../../../shared/api/segments';

/** The last replace of this session, to undo: the batch that puts its segments back. */
export interface ReplaceUndo {
  documentId: number;
  items: SegmentBatchItem[];
}

interface ReplaceStore {
  /** Whether the find bar shows its replace row. */
  isOpen: boolean;
  replacement: string;
  /** Replaced confirmed segments stay confirmed (and teach the memory) instead of becoming drafts. */
  keepConfirmed: boolean;
  /** Bumped to move the focus to the replace field (Ctrl+H). */
  focusRequest: number;
  /** A replace or its undo on its way. */
  isPending: boolean;
  /** What the last replace or undo did, in words. */
  notice: string | null;
  undo: ReplaceUndo | null;
  setOpen: (isOpen: boolean) => void;
  setReplacement: (replacement: string) => void;
  setKeepConfirmed: (keepConfirmed: boolean) => void;
  /** Opens the replace row and asks for the focus in its field. */
  openAndFocus: () => void;
  setPending: (isPending: boolean) => void;
  /** Ends a replace (with its undo) or an undo (null: nothing left to undo). */
  finish: (notice: string, undo: ReplaceUndo | null) => void;
}

/** The replace row's UI state and the one undo it offers (kept until the next replace or a reload). */
export const useReplaceStore = create<ReplaceStore>()((set) => ({
  isOpen: false,
  replacement: '',
  keepConfirmed: false,
  focusRequest: 0,
  isPending: false,
  notice: null,
  undo: null,
  setOpen: (isOpen) => set({ isOpen }),
  setReplacement: (replacement) => set({ replacement }),
  setKeepConfirmed: (keepConfirmed) => set({ keepConfirmed }),
  openAndFocus: () => set(({ focusRequest }) => ({ isOpen: true, focusRequest: focusRequest + 1 })),
  setPending: (isPending) => set({ isPending }),
  finish: (notice, undo) => set({ notice, undo, isPending: false }),
}));
