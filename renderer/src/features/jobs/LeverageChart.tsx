import type { JobLeverageReport } from '../../../../shared/api/jobs';
import { BAND_LABELS, bandClass, bandSummary, languageTag, share } from './leverage-bands';

interface LeverageChartProps {
  report: JobLeverageReport;
  nameOf: (tag: string) => string;
}

/**
 * One horizontal bar per language, its words split by band, each band its colour; the legend
 * names the colours. Each bar's accessible name reads out its bands (the table says it all too).
 */
export function LeverageChart({ report, nameOf }: LeverageChartProps) {
  const shownBands = report.bands.filter((band) => band.words > 0);
  return (
    <figure className="leverage-chart" data-testid="leverage-chart">
      <figcaption className="visually-hidden">Words per match band, per language</figcaption>
      <ul className="leverage-bars">
        {report.languages.map((language) => {
          const name = nameOf(languageTag(language.trgLang, language.trgLocale));
          const total = language.total.words;
          const parts = language.bands.filter((band) => band.words > 0);
          const label =
            `${name}: ${total.toLocaleString()} words. ` +
            (parts.map((band) => bandSummary(band.band, band, total)).join('; ') ||
              'nothing to translate');
          return (
            <li key={language.projectId} className="leverage-bar-row">
              <span className="leverage-bar-name" aria-hidden="true">
                {name}
              </span>
              <div
                className="leverage-bar"
                role="img"
                aria-label={label}
                data-testid={`leverage-bar-${language.trgLang}`}
              >
                {parts.map((band) => (
                  <span
                    key={band.band}
                    className={`leverage-segment ${bandClass(band.band)}`}
                    style={{ width: `${(band.words * 100) / total}%` }}
                    title={bandSummary(band.band, band, total)}
                  />
                ))}
              </div>
            </li>
          );
        })}
      </ul>
      <ul className="leverage-legend" aria-label="Bands">
        {shownBands.map((band) => (
          <li key={band.band}>
            <span className={`leverage-swatch ${bandClass(band.band)}`} aria-hidden="true" />
            {BAND_LABELS[band.band]} ({share(band.words, report.total.words)}%)
          </li>
        ))}
      </ul>
    </figure>
  );
}
