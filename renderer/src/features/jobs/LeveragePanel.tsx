import { useQuery } from '@tanstack/react-query';
import type { Job } from '../../../../shared/api/jobs';
import { ErrorMessage } from '../../components/ErrorMessage';
import { jobQueries } from '../../queries/jobs';
import { languageQueries } from '../../queries/languages';
import { LeverageChart } from './LeverageChart';
import { LeverageTable } from './LeverageTable';
import { leverageCsv } from './leverage-bands';
import { useAnalyseJob } from './mutations';
import { saveTextFile } from './save-text-file';

/** "Spanish (es)" from the server's language names, the tag itself otherwise. */
function useLanguageName(): (tag: string) => string {
  const languages = useQuery(languageQueries.list());
  return (tag) => {
    const name =
      languages.data?.code_to_name[tag] ?? languages.data?.code_to_name[tag.split('-')[0]!];
    return name ? `${name} (${tag})` : tag;
  };
}

/** Analyse: how much of the job the memories already cover, by band, as a chart and a table. */
export function LeveragePanel({ job }: { job: Job }) {
  const analyse = useAnalyseJob();
  const last = useQuery(jobQueries.leverage(job.id));
  const nameOf = useLanguageName();
  const report = last.data?.bands;
  const canAnalyse = job.creationStatus === 'COMPLETE';
  return (
    <section className="job-section" aria-labelledby="leverage-title">
      <div className="job-section-header">
        <h2 id="leverage-title">Leverage analysis</h2>
        <button
          type="button"
          className="button button-small"
          disabled={!canAnalyse || analyse.isPending}
          onClick={() => analyse.mutate(job.id)}
          data-testid="job-analyse"
        >
          {analyse.isPending ? 'Analysing…' : report ? 'Analyse again' : 'Analyse'}
        </button>
        {report ? (
          <button
            type="button"
            className="button button-small"
            onClick={() => saveTextFile(`${job.name} leverage.csv`, leverageCsv(report, nameOf))}
            data-testid="leverage-export-csv"
          >
            Export CSV
          </button>
        ) : null}
      </div>
      {analyse.error ? (
        <ErrorMessage error={analyse.error} title="The analysis did not run" />
      ) : null}
      {report ? (
        <div className="leverage-report">
          <LeverageChart report={report} nameOf={nameOf} />
          <LeverageTable report={report} nameOf={nameOf} />
        </div>
      ) : (
        <p className="muted">
          {canAnalyse
            ? 'Counts the words each memory already covers, band by band, as it is right now.'
            : 'The analysis runs once the job’s projects are made.'}
        </p>
      )}
    </section>
  );
}
