import { setImmediate as nextTurn } from 'node:timers/promises';
import type {
  JobLeverageReport,
  LeverageBandName,
  LeverageLanguageReport,
} from '../../../shared/api/jobs';
import type { Storage } from '../../db/storage';
import type { TmRegistry } from '../../memories/registry';
import { addTally, bandList, bandOfScore, emptyTally, tallyTotal, type BandTally } from './bands';
import { createBestScorer, type BestScorer } from './best-score';
import { documentPages, type DocumentSegment } from './document-pages';
import { leverageQueries, type LeverageProject } from './queries';
import { measureText, type TextMeasure } from './text-measure';

export interface LeverageDeps {
  storage: Storage;
  tm: TmRegistry;
}

/** Segments analysed so far, of `total` (the projects' segments when the analysis started). */
export type LeverageProgress = (done: number, total: number) => void;

/** Told each segment's band and best score (tests, and whoever wants to explain a figure). */
export type LeverageObserver = (
  segmentId: number,
  band: LeverageBandName,
  score: number | null,
) => void;

/** The full analysis (the wire's JobLeverageReport, shared/api/jobs.ts). */
export type LeverageReport = JobLeverageReport;

/**
 * Milliseconds of scoring between two turns of the event loop. By time, not by count: a lookup
 * takes from 30 microseconds (an exact match) to milliseconds (a long segment with no match).
 */
const SLICE_MS = 8;

/** What one analysis shares between its projects. */
interface Run {
  scorers: Map<number, BestScorer>;
  measures: Map<string, TextMeasure>;
  /** Per target language, the sources seen so far whose best match is below 100. */
  seen: Map<string, Set<string>>;
  done: number;
  total: number;
  yieldAt: number;
  onProgress?: LeverageProgress;
  onSegment?: LeverageObserver;
}

/**
 * The leverage analysis of projects (a job's, one per target language): each segment of their
 * documents in the band of the best score the editor's match panel shows for it, against the
 * project's memory as it is now (same engine, threshold and 101 rule: best-score.ts).
 *
 * Repetitions: the second and later occurrences of a source within the projects of one target
 * language (projects by id, documents by id, segments by index) whose best match is below 100.
 * A 101 or 100 stays in its band even when repeated: the memory already covers it, and the bands
 * 101 and 100 then say exactly what the memory covers. The first occurrence counts in its own
 * band, so each repeated source is paid once as what it is.
 *
 * Scoring yields to the event loop every few milliseconds, so the server goes on answering.
 * Projects the organization does not have are left out.
 */
export async function analyseProjects(
  deps: LeverageDeps,
  orgId: number,
  projectIds: readonly number[],
  onProgress?: LeverageProgress,
  onSegment?: LeverageObserver,
): Promise<LeverageReport> {
  const reads = leverageQueries(deps.storage.db);
  const projects = await reads.projects(orgId, projectIds);
  const documents = await Promise.all(projects.map((p) => reads.documents(orgId, p.id)));
  const run: Run = {
    scorers: new Map(),
    measures: new Map(),
    seen: new Map(),
    done: 0,
    total: documents.flat().reduce((sum, d) => sum + d.segments, 0),
    yieldAt: performance.now() + SLICE_MS,
    onProgress,
    onSegment,
  };
  onProgress?.(0, run.total);
  const languages: LeverageLanguageReport[] = [];
  const all = emptyTally();
  for (const [i, project] of projects.entries()) {
    const tally = emptyTally();
    const scorer = await scorerFor(deps, orgId, project, run);
    const seen = seenFor(run, project.trglang);
    for (const document of documents[i]!) {
      for await (const page of documentPages(reads, orgId, document)) {
        for (const segment of page) {
          if (performance.now() >= run.yieldAt) await pause(run);
          countSegment(segment, scorer, seen, tally, run);
        }
      }
    }
    addTally(all, tally);
    languages.push({
      projectId: project.id,
      memoryId: project.memory_id,
      trgLang: project.trglang,
      trgLocale: project.trglocale,
      bands: bandList(tally),
      total: tallyTotal(tally),
    });
  }
  onProgress?.(run.done, run.total);
  return {
    analysedAt: new Date().toISOString(),
    languages,
    bands: bandList(all),
    total: tallyTotal(all),
  };
}

/** A turn of the event loop for the others, with the progress so far. */
async function pause(run: Run): Promise<void> {
  run.onProgress?.(run.done, run.total);
  await nextTurn();
  run.yieldAt = performance.now() + SLICE_MS;
}

async function scorerFor(
  deps: LeverageDeps,
  orgId: number,
  project: LeverageProject,
  run: Run,
): Promise<BestScorer> {
  const known = run.scorers.get(project.memory_id);
  if (known) return known;
  // Loads the memory's index (a slice at a time) if it is not loaded yet.
  const index = await deps.tm.index(orgId, project.memory_id);
  if (!index) throw new Error(`Memory ${project.memory_id} of project ${project.id} is gone`);
  const scorer = createBestScorer(index);
  run.scorers.set(project.memory_id, scorer);
  return scorer;
}

function seenFor(run: Run, trglang: string): Set<string> {
  let seen = run.seen.get(trglang);
  if (!seen) run.seen.set(trglang, (seen = new Set()));
  return seen;
}

/** One segment's band, and its words, characters and itself counted in it. */
function countSegment(
  segment: DocumentSegment,
  scorer: BestScorer,
  seen: Set<string>,
  tally: BandTally,
  run: Run,
): void {
  const { source } = segment;
  const score = scorer(segment);
  let band = bandOfScore(score);
  // A blank source is no work to repeat (the editor matches nothing for it either).
  if ((score === null || score < 100) && source.trim() !== '') {
    if (seen.has(source)) band = 'repetition';
    else seen.add(source);
  }
  run.onSegment?.(segment.id, band, score);
  let measure = run.measures.get(source);
  if (!measure) run.measures.set(source, (measure = measureText(source)));
  const counts = tally[band];
  counts.segments += 1;
  counts.words += measure.words;
  counts.characters += measure.characters;
  run.done += 1;
}
