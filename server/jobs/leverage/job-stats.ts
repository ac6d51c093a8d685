import type {
  JobLeverageStats,
  LeverageBand,
  LeverageBandName,
  ProjectStats,
} from '../../../shared/api/jobs';
import type { LeverageReport } from './analyse';

/** Which of Lilt's three figures each band's words go to; the three add up to the source words. */
const LILT_FIGURE: Record<LeverageBandName, 'exactWords' | 'fuzzyWords' | 'newWords'> = {
  context: 'exactWords',
  exact: 'exactWords',
  // A repetition's source has no match of 100 or more (those stay in their bands), so the memory
  // does not cover it; but it is translated once within the job and then matched exactly: not
  // new work either. Fuzzy is what it costs.
  repetition: 'fuzzyWords',
  fuzzy95: 'fuzzyWords',
  fuzzy85: 'fuzzyWords',
  fuzzy75: 'fuzzyWords',
  fuzzy50: 'fuzzyWords',
  new: 'newWords',
};

type LiltFigures = Omit<ProjectStats, 'id'>;

function liltFigures(bands: readonly LeverageBand[]): LiltFigures {
  const figures: LiltFigures = { sourceWords: 0, exactWords: 0, fuzzyWords: 0, newWords: 0 };
  for (const { band, words } of bands) {
    figures.sourceWords += words;
    figures[LILT_FIGURE[band]] += words;
  }
  return figures;
}

/** `POST /v2/jobs/{jobId}/stats`: Lilt's figures per project and in total, and the full report. */
export function toJobLeverageStats(report: LeverageReport): JobLeverageStats {
  return {
    ...liltFigures(report.bands),
    projects: report.languages.map((language) => ({
      id: language.projectId,
      ...liltFigures(language.bands),
    })),
    bands: report,
  };
}
