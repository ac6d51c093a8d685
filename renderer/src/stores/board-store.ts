import { create } from 'zustand';
import type { ProjectState } from '../../../shared/api/projects';

/** A project the user is dragging, and the column it came from. */
export interface DragState {
  projectId: number;
  from: ProjectState;
}

/** Focus this project's card; with `state`, only once it shows in that column (after a move). */
export interface FocusRequest {
  projectId: number;
  state?: ProjectState;
}

export type BoardDialog =
  { kind: 'create' } | { kind: 'delete'; projectId: number; projectName: string };

/** A refused change, shown above the board until dismissed. */
export interface BoardAlert {
  title: string;
  error: unknown;
}

interface BoardStore {
  drag: DragState | null;
  dropTarget: ProjectState | null;
  dialog: BoardDialog | null;
  alert: BoardAlert | null;
  /** What the screen-reader live region says last; `seq` makes a repeated message heard again. */
  announcement: { text: string; seq: number };
  /** A card to focus as soon as it is on screen (after an arrow key, or in its new column). */
  focusRequest: FocusRequest | null;
  startDrag: (drag: DragState) => void;
  setDropTarget: (state: ProjectState | null) => void;
  endDrag: () => void;
  openDialog: (dialog: BoardDialog) => void;
  closeDialog: () => void;
  showAlert: (alert: BoardAlert) => void;
  dismissAlert: () => void;
  announce: (text: string) => void;
  requestFocus: (request: FocusRequest | null) => void;
}

/** The board's UI state only: what is being dragged, which dialog is open, what was said. */
export const useBoardStore = create<BoardStore>()((set) => ({
  drag: null,
  dropTarget: null,
  dialog: null,
  alert: null,
  announcement: { text: '', seq: 0 },
  focusRequest: null,
  startDrag: (drag) => set({ drag, dropTarget: null }),
  setDropTarget: (dropTarget) => set({ dropTarget }),
  endDrag: () => set({ drag: null, dropTarget: null }),
  openDialog: (dialog) => set({ dialog }),
  closeDialog: () => set({ dialog: null }),
  showAlert: (alert) => set({ alert }),
  dismissAlert: () => set({ alert: null }),
  announce: (text) =>
    set(({ announcement }) => ({ announcement: { text, seq: announcement.seq + 1 } })),
  requestFocus: (focusRequest) => set({ focusRequest }),
}));
