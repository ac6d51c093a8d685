import { create } from 'zustand';

interface QaReportStore {
  isOpen: boolean;
  /** Ignored warnings listed too (each with "Show again"). */
  isShowingIgnored: boolean;
  toggle: () => void;
  close: () => void;
  setShowingIgnored: (isShowingIgnored: boolean) => void;
}

/** The QA report panel's UI state only; the report itself is derived from the document. */
export const useQaReportStore = create<QaReportStore>()((set) => ({
  isOpen: false,
  isShowingIgnored: false,
  toggle: () => set(({ isOpen }) => ({ isOpen: !isOpen })),
  close: () => set({ isOpen: false }),
  setShowingIgnored: (isShowingIgnored) => set({ isShowingIgnored }),
}));
