import type {
  JobLeverageReport,
  LeverageBandName,
  LeverageCounts,
} from '../../../../shared/api/jobs';
import { csvField } from '../../../../shared/csv';

/** What each band is called, best match first (the order the server sends them in). */
export const BAND_LABELS: Record<LeverageBandName, string> = {
  context: 'Context match (101%)',
  exact: '100% match',
  repetition: 'Repetitions',
  fuzzy95: '95–99% fuzzy',
  fuzzy85: '85–94% fuzzy',
  fuzzy75: '75–84% fuzzy',
  fuzzy50: '50–74% fuzzy',
  new: 'No match',
};

/** The CSS class of a band's colour (jobs.css): greens for matches down to grey for none. */
export const bandClass = (band: LeverageBandName) => `band-${band}`;

/** `Spanish (es)`, or `es-MX` as is when no name is known. */
export function languageTag(trgLang: string, trgLocale: string | null): string {
  return trgLocale ? `${trgLang}-${trgLocale}` : trgLang;
}

/** Whole percent of `part` in `total`, 0 when there is nothing. */
export function share(part: number, total: number): number {
  return total > 0 ? Math.round((part * 100) / total) : 0;
}

/** "100% match: 120 words (40%)", for a bar's accessible name and its segments' titles. */
export function bandSummary(band: LeverageBandName, counts: LeverageCounts, total: number) {
  return `${BAND_LABELS[band]}: ${counts.words.toLocaleString()} words (${share(counts.words, total)}%)`;
}

const HEADER = ['Language', 'Band', 'Words', 'Segments', 'Characters'];

/** The report as CSV: one row per language and band, then each language's total and the job's. */
export function leverageCsv(
  report: JobLeverageReport,
  nameOf: (tag: string) => string = (tag) => tag,
): string {
  const rows: (string | number)[][] = [HEADER];
  const add = (language: string, band: string, counts: LeverageCounts) =>
    rows.push([language, band, counts.words, counts.segments, counts.characters]);
  for (const language of report.languages) {
    const name = nameOf(languageTag(language.trgLang, language.trgLocale));
    for (const band of language.bands) add(name, BAND_LABELS[band.band], band);
    add(name, 'Total', language.total);
  }
  for (const band of report.bands) add('All languages', BAND_LABELS[band.band], band);
  add('All languages', 'Total', report.total);
  return (
    rows.map((row) => row.map((cell) => csvField(String(cell))).join(',')).join('\r\n') + '\r\n'
  );
}
