import type { DocumentFilter } from './filter';
import { OFFICE_FILTERS } from './filters-office';
import { TEXT_FILTERS } from './filters-text';
import type { DocumentFormat } from './types';

/** Every filter written against the `DocumentFilter` contract, by format. */
const ALL: readonly DocumentFilter[] = [...TEXT_FILTERS, ...OFFICE_FILTERS];
const BY_FORMAT = new Map(ALL.map((filter) => [filter.format, filter]));

export function filterFor(format: DocumentFormat): DocumentFilter | undefined {
  return BY_FORMAT.get(format);
}

/**
 * The filter a file's extension (and, when several share it, its first bytes) names; undefined
 * when no contract filter claims the file.
 */
export function filterForFile(
  extension: string | undefined,
  head: string | null,
  name: string,
): DocumentFilter | undefined {
  const claiming = ALL.filter((f) => extension !== undefined && f.extensions.includes(extension));
  if (claiming.length === 1 && !claiming[0]!.sniff) return claiming[0];
  if (head === null) return claiming.find((f) => !f.sniff);
  return claiming.find((f) => f.sniff?.(head, name) ?? true);
}

/** The extensions the contract filters read, for messages that list what is supported. */
export function filterExtensions(): string[] {
  return ALL.flatMap((f) => f.extensions.map((e) => `.${e}`));
}
