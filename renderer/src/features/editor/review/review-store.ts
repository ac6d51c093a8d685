import { create } from 'zustand';

interface ReviewStore {
  /**
   * The "Review" switch of the editor's toolbar, by document, once the user turned it on or off;
   * a document not in here follows its project's workflow stage.
   */
  switched: Record<number, boolean>;
  setSwitched: (documentId: number, isOn: boolean) => void;
}

/** Review mode as the user switched it (UI state only; the stage comes from the project). */
export const useReviewStore = create<ReviewStore>()((set) => ({
  switched: {},
  setSwitched: (documentId, isOn) =>
    set(({ switched }) => ({ switched: { ...switched, [documentId]: isOn } })),
}));
