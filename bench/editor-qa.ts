// The QA report over a whole document (issue 14, "Check"): every check of the editor run on
// 10,000 real LibreOffice help segments (en->es), in Node, as the report panel runs it. Prints
// the first run (every segment checked), a run after one segment changed (the others come from
// the per-segment cache), and one live check of the active segment, each against its goal.
// `npx tsx bench/editor-qa.ts [--segments 10000] [--runs 5]`
import type { Segment } from '../shared/api/segments';
import { escapeSegmentText } from '../server/formats/documents/inline-codes';
import { readLohelpUnits } from '../server/tm/test-support';
import { NO_IGNORES } from '../renderer/src/features/editor/qa/ignores';
import { checkSegment } from '../renderer/src/features/editor/qa/qa';
import { buildQaReport } from '../renderer/src/features/editor/qa/qa-report';

const REPORT_GOAL_MS = 500;
// A live check runs once typing pauses; a frame (16 ms) is what it may take.
const LIVE_GOAL_MS = 16;
const LANGUAGES = { source: 'en', target: 'es' };

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? NaN : Number(process.argv[at + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The help's pairs as a document's segments, every one translated and confirmed. */
function helpSegments(count: number): Segment[] {
  const units = readLohelpUnits();
  return Array.from({ length: count }, (_, index) => {
    const unit = units[index % units.length]!;
    return {
      id: index + 1,
      created_at: 0,
      updated_at: 0,
      document_id: 1,
      memory_id: 1,
      source: escapeSegmentText(unit.source),
      srclang: 'en',
      target: escapeSegmentText(unit.target),
      trglang: 'es',
      is_confirmed: true,
      is_reviewed: false,
      index,
      match_score: null,
      target_origin: 'user',
      note: null,
      context_key: null,
      memory_unit_id: null,
      word_count: 1,
      revision: 1,
      updated_by: null,
    };
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const line = (name: string, ms: number, goal: number) =>
  `${name}: ${ms.toFixed(ms < 1 ? 3 : 1)} ms (goal < ${goal} ms, ratio ${(ms / goal).toFixed(3)})`;

function main(): void {
  const count = option('segments', 10_000);
  const runs = option('runs', 5);
  const first: number[] = [];
  const afterEdit: number[] = [];
  let warnings = 0;
  for (let run = 0; run < runs; run += 1) {
    // New segment objects each run: nothing cached from the run before.
    const segments = helpSegments(count);
    let started = performance.now();
    const report = buildQaReport(segments, LANGUAGES, {}, NO_IGNORES);
    first.push(performance.now() - started);
    warnings = report.shown;
    // A confirm replaces one segment object; the report runs again.
    const edited = segments.map((segment, index) =>
      index === 10 ? { ...segment, target: `${segment.target} 5` } : segment,
    );
    started = performance.now();
    buildQaReport(edited, LANGUAGES, {}, NO_IGNORES);
    afterEdit.push(performance.now() - started);
  }
  const segments = helpSegments(Math.min(count, 2_000));
  const started = performance.now();
  for (const segment of segments) checkSegment(segment.source, segment.target, LANGUAGES);
  const live = (performance.now() - started) / segments.length;
  console.log(
    `QA report, ${count.toLocaleString('en')} segments, ${warnings} warnings, median of ${runs} runs`,
  );
  console.log(
    line('QA of the whole document (every segment checked)', median(first), REPORT_GOAL_MS),
  );
  console.log(line('QA again after one segment changed', median(afterEdit), REPORT_GOAL_MS));
  console.log(line('Live check of one segment (mean)', live, LIVE_GOAL_MS));
}

main();
