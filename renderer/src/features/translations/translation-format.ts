import type { TranslationInfo, TranslationStatus } from '../../../../shared/api/file-translation';
import type { TranslationListFilters } from '../../../../shared/ipc/contract';

export const STATUS_LABELS: Record<TranslationStatus, string> = {
  InProgress: 'In progress',
  ReadyForDownload: 'Ready',
  Completed: 'Downloaded',
  Failed: 'Failed',
};

export const PERIODS = {
  all: { label: 'Any time', seconds: null },
  hour: { label: 'Last hour', seconds: 3600 },
  day: { label: 'Last 24 hours', seconds: 86_400 },
  week: { label: 'Last 7 days', seconds: 7 * 86_400 },
} as const;
export type Period = keyof typeof PERIODS;

export const isPeriod = (value: string): value is Period => Object.hasOwn(PERIODS, value);

export const isDownloadable = (info: Pick<TranslationInfo, 'status'>): boolean =>
  info.status === 'ReadyForDownload' || info.status === 'Completed';

/** Segments done out of all, as a whole percentage (0 while the file is being read). */
export function progressPercent(info: Pick<TranslationInfo, 'segmentsDone' | 'segmentsTotal'>) {
  if (info.segmentsTotal === 0) return 0;
  return Math.min(100, Math.floor((info.segmentsDone / info.segmentsTotal) * 100));
}

/** The monitor's filters: a status and the start of the period (fixed when it was chosen). */
export function listFilters(
  status: TranslationStatus | null,
  fromTime: number | null,
): TranslationListFilters {
  return {
    ...(status ? { status } : {}),
    ...(fromTime === null ? {} : { fromTime }),
  };
}

export function periodStart(period: Period, nowSeconds: number): number | null {
  const { seconds } = PERIODS[period];
  return seconds === null ? null : Math.max(0, nowSeconds - seconds);
}

/**
 * The translations that became ready since the last look: seen in progress before, or new
 * and created after the list first loaded. Those already ready when it loaded never count.
 */
export function newlyReady(
  previous: ReadonlyMap<number, TranslationStatus>,
  current: readonly TranslationInfo[],
  loadedAt: number,
): TranslationInfo[] {
  return current.filter((info) => {
    if (info.status !== 'ReadyForDownload') return false;
    const before = previous.get(info.id);
    return before === undefined ? info.createdAt >= loadedAt : before === 'InProgress';
  });
}

/** `1,234 of 2,000 segments`, or what is happening before the file has been read. */
export function progressText(info: TranslationInfo): string {
  if (info.segmentsTotal === 0) {
    if (info.status === 'InProgress') return 'Reading the file…';
    return info.status === 'Failed' ? 'Not translated' : 'No text to translate';
  }
  return `${info.segmentsDone.toLocaleString()} of ${info.segmentsTotal.toLocaleString()} segments`;
}
