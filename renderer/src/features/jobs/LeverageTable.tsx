import type { JobLeverageReport, LeverageBand, LeverageCounts } from '../../../../shared/api/jobs';
import { BAND_LABELS, bandClass, languageTag, share } from './leverage-bands';

interface LeverageTableProps {
  report: JobLeverageReport;
  nameOf: (tag: string) => string;
}

function CountCells({ counts, total }: { counts: LeverageCounts; total: number }) {
  return (
    <>
      <td className="number">{counts.words.toLocaleString()}</td>
      <td className="number">{share(counts.words, total)}%</td>
      <td className="number">{counts.segments.toLocaleString()}</td>
      <td className="number">{counts.characters.toLocaleString()}</td>
    </>
  );
}

function Group(props: { name: string; bands: LeverageBand[]; total: LeverageCounts }) {
  const { name, bands, total } = props;
  return (
    <tbody>
      <tr className="leverage-group">
        <th scope="rowgroup" colSpan={5}>
          {name}
        </th>
      </tr>
      {bands.map((band) => (
        <tr key={band.band}>
          <th scope="row">
            <span className={`leverage-swatch ${bandClass(band.band)}`} aria-hidden="true" />
            {BAND_LABELS[band.band]}
          </th>
          <CountCells counts={band} total={total.words} />
        </tr>
      ))}
      <tr className="leverage-total">
        <th scope="row">Total</th>
        <CountCells counts={total} total={total.words} />
      </tr>
    </tbody>
  );
}

/** The figures behind the chart: words, share, segments and characters per band and language. */
export function LeverageTable({ report, nameOf }: LeverageTableProps) {
  return (
    <table className="leverage-table" data-testid="leverage-table">
      <caption className="visually-hidden">Leverage analysis per language and band</caption>
      <thead>
        <tr>
          <th scope="col">Band</th>
          <th scope="col">Words</th>
          <th scope="col">Share</th>
          <th scope="col">Segments</th>
          <th scope="col">Characters</th>
        </tr>
      </thead>
      {report.languages.map((language) => (
        <Group
          key={language.projectId}
          name={nameOf(languageTag(language.trgLang, language.trgLocale))}
          bands={language.bands}
          total={language.total}
        />
      ))}
      {report.languages.length > 1 ? (
        <Group name="All languages" bands={report.bands} total={report.total} />
      ) : null}
    </table>
  );
}
