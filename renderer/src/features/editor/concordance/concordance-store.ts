import { create } from 'zustand';
import type { ConcordanceSide } from '../../../../../shared/api/concordance';

/** What the panel looks for: the text and the side of the units. */
export interface ConcordanceAsk {
  text: string;
  side: ConcordanceSide;
}

interface ConcordanceStore {
  /** The open panel's search; null when it is closed. */
  ask: ConcordanceAsk | null;
  /** Where the focus goes back to when the panel closes. */
  opener: HTMLElement | null;
  open: (ask: ConcordanceAsk, opener: HTMLElement | null) => void;
  setAsk: (ask: ConcordanceAsk) => void;
  close: () => void;
}

/** The editor's concordance panel (Ctrl+K): UI state only, the hits live in react-query. */
export const useConcordanceStore = create<ConcordanceStore>()((set, get) => ({
  ask: null,
  opener: null,
  open: (ask, opener) => set({ ask, opener }),
  setAsk: (ask) => set({ ask }),
  close: () => {
    const { opener } = get();
    set({ ask: null, opener: null });
    if (opener?.isConnected) opener.focus();
  },
}));
