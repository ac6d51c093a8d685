import { create } from 'zustand';
import type { TranslationStatus } from '../../../../shared/api/file-translation';
import { periodStart, type Period } from './translation-format';

/** A refused download or drag, shown above the list until dismissed. */
export interface TranslationsAlert {
  title: string;
  error: unknown;
}

interface TranslationsStore {
  status: TranslationStatus | null;
  period: Period;
  /** The period's start in epoch seconds, fixed when it was chosen (so the cache key is stable). */
  fromTime: number | null;
  alert: TranslationsAlert | null;
  /** The last thing worth saying: a download saved, a translation ready. */
  notice: string | null;
  setStatus: (status: TranslationStatus | null) => void;
  setPeriod: (period: Period) => void;
  showAlert: (alert: TranslationsAlert | null) => void;
  showNotice: (notice: string | null) => void;
}

/** The Translations view's UI state: the filters being used and what was said. */
export const useTranslationsStore = create<TranslationsStore>()((set) => ({
  status: null,
  period: 'all',
  fromTime: null,
  alert: null,
  notice: null,
  setStatus: (status) => set({ status }),
  setPeriod: (period) =>
    set({ period, fromTime: periodStart(period, Math.floor(Date.now() / 1000)) }),
  showAlert: (alert) => set({ alert }),
  showNotice: (notice) => set({ notice }),
}));
