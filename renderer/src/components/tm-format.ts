import type { Memory } from '../../../shared/api/memories';
import type { TranslationMemoryEntry } from '../../../shared/api/tm';

export function unitCountLabel(count: number): string {
  return count === 1 ? '1 unit' : `${count.toLocaleString()} units`;
}

export function termCountLabel(count: number): string {
  return count === 1 ? '1 term' : `${count.toLocaleString()} terms`;
}

/** What an import added, in words: `Added 10 units and 2 terms.` */
export function addedText(units: number, terms: number): string {
  const parts = [
    units > 0 ? unitCountLabel(units) : null,
    terms > 0 ? termCountLabel(terms) : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) {
    return 'Nothing new was added: the file held no units, or only ones the memory already had.';
  }
  return `Added ${parts.join(' and ')}.`;
}

/** Where a match came from and when: metadata is loosely typed, so each field is checked. */
export interface MatchInfo {
  segmentId: number | null;
  origin: string | null;
  /** Epoch seconds of the last change (or of the creation). */
  changedAt: number | null;
  key: string | null;
}

const asNumber = (value: unknown): number | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};
const asText = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

export function matchInfo(entry: Pick<TranslationMemoryEntry, 'metadata'>): MatchInfo {
  const { metadata } = entry;
  return {
    segmentId: asNumber(metadata.segment_id),
    origin: asText(metadata.origin),
    changedAt: asNumber(metadata.updated_at) ?? asNumber(metadata.created_at),
    key: asText(metadata.key),
  };
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

export function formatEpochDate(epochSeconds: number): string {
  return dateFormat.format(new Date(epochSeconds * 1000));
}

export function formatEpochDateTime(epochSeconds: number): string {
  return dateTimeFormat.format(new Date(epochSeconds * 1000));
}

export function epochIso(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString();
}

/** Memories as the list shows them: by name, whatever the case, then oldest first. */
export function sortByName<T extends Pick<Memory, 'id' | 'name'>>(memories: readonly T[]): T[] {
  return [...memories].sort(
    (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id,
  );
}
