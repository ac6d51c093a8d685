import { create } from 'zustand';
import type { SearchOptions } from './search';
import type { StatusFilter } from './segment-filter';

interface FindStore {
  status: StatusFilter;
  search: SearchOptions;
  /** Bumped to move the focus to the search field (Ctrl+F) or the go-to field (Ctrl+G). */
  searchFocusRequest: number;
  goToFocusRequest: number;
  setStatus: (status: StatusFilter) => void;
  setSearch: (patch: Partial<SearchOptions>) => void;
  focusSearch: () => void;
  focusGoTo: () => void;
  /** Shows every segment again: no status filter, no search (the modes stay as they were). */
  clear: () => void;
}

export const NO_SEARCH: SearchOptions = {
  query: '',
  isCaseSensitive: false,
  isWholeWord: false,
  isRegex: false,
  scope: 'both',
};

/** The find bar's UI state: which segments the grid shows and what the search looks for. */
export const useFindStore = create<FindStore>()((set) => ({
  status: 'all',
  search: NO_SEARCH,
  searchFocusRequest: 0,
  goToFocusRequest: 0,
  setStatus: (status) => set({ status }),
  setSearch: (patch) => set(({ search }) => ({ search: { ...search, ...patch } })),
  focusSearch: () =>
    set(({ searchFocusRequest }) => ({ searchFocusRequest: searchFocusRequest + 1 })),
  focusGoTo: () => set(({ goToFocusRequest }) => ({ goToFocusRequest: goToFocusRequest + 1 })),
  clear: () => set(({ search }) => ({ status: 'all', search: { ...search, query: '' } })),
}));
