import type { FileCategory, SourceFile } from '../../../shared/api/files';

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;
const oneDecimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/** `512 bytes`, `12.4 KB`, `3.1 MB` (binary multiples, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${whole.format(bytes)} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${(value >= 100 ? whole : oneDecimal).format(value)} ${UNITS[unit]}`;
}

// The UI is in English, so the language names are too.
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** The English name of an ISO 639-2/3 code (`eng` -> English); the code itself if none is known. */
export function languageName(code: string): string {
  try {
    const name = languageNames.of(code);
    // ICU names `und` "root": not a name a person would recognize.
    if (name && name !== code && name !== 'root') return name;
  } catch {
    // Not a well-formed language tag: show it as it came.
  }
  return code;
}

export type LanguageStatus =
  | { kind: 'detecting' }
  | { kind: 'not-detected' }
  | { kind: 'unknown' }
  | { kind: 'detected'; name: string; percent: number };

/** What to say about a file's language: `zxx` is "not asked" unless detection is under way. */
export function languageStatus(
  file: Pick<SourceFile, 'detected_lang' | 'detected_lang_confidence' | 'is_detecting'>,
): LanguageStatus {
  if (file.is_detecting) return { kind: 'detecting' };
  if (file.detected_lang === 'zxx') return { kind: 'not-detected' };
  if (file.detected_lang === 'und') return { kind: 'unknown' };
  return {
    kind: 'detected',
    name: languageName(file.detected_lang),
    percent: Math.round(file.detected_lang_confidence * 100),
  };
}

export const CATEGORY_LABELS: Record<FileCategory, string> = {
  API: 'API',
  REFERENCE: 'Reference',
};

/** `2019-10-16 22:12:34+00:00` (the API's form) as a Date; null if it cannot be read. */
export function parseApiDate(value: string): Date | null {
  const date = new Date(value.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** The created date in the reader's own format; the raw value if it cannot be read. */
export function formatApiDate(value: string): string {
  const date = parseApiDate(value);
  return date ? dateTimeFormat.format(date) : value;
}
