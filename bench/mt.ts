/**
 * Figures for the Apertium engine (a script that prints, not a test):
 *
 *   npm run bench:mt -- [--mode eng-spa]
 *
 * - start: the first segment on a new pipeline (process start and dictionary loading);
 * - warm latency: one short sentence, 200 calls one after the other, p50/p99;
 * - batching: 1, 10 and 1,000 sentences, one segment per NUL flush (what the engine does) against
 *   all of them in one flush, split by a superblank; the median of 5 runs each;
 * - throughput: 1,000 sentences in one `translate` call.
 */
import { parseArgs } from 'node:util';
import { readModeStages } from '../server/mt/apertium-pairs';
import { ApertiumPipeline } from '../server/mt/apertium-pipeline';
import { encodeSegment } from '../server/mt/apertium-stream';
import { createApertiumEngine } from '../server/mt/engine';
import { toApiCode } from '../server/mt/language-names';

const { values } = parseArgs({ options: { mode: { type: 'string', default: 'eng-spa' } } });
const mode = values.mode!;
const [from = '', to = ''] = mode.split('-');
const pair = { source: toApiCode(from), target: toApiCode(to) };

const SUBJECTS = ['The dog', 'My neighbour', 'The new teacher', 'A small child', 'Our manager'];
const ACTIONS = ['reads a long book', 'opens the red door', 'writes a letter', 'buys fresh bread'];
const sentence = (i: number) =>
  `${SUBJECTS[i % SUBJECTS.length]} ${ACTIONS[i % ACTIONS.length]} on day ${i}.`;
const sentences = (n: number) => Array.from({ length: n }, (_, i) => sentence(i));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const engine = createApertiumEngine();
console.log(`Apertium ${mode}, ${pair.source}->${pair.target}`);
console.log(
  `start (first segment):    ${ms(await time(() => engine.translate(pair, ['Hello.'])))}`,
);

const latencies: number[] = [];
for (let i = 0; i < 200; i += 1) {
  latencies.push(await time(() => engine.translate(pair, [sentence(i)])));
}
latencies.sort((a, b) => a - b);
console.log(
  `warm single sentence:     p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}`,
);

// The alternative the engine does not use: every segment in one flush, split by a superblank.
const stages = await readModeStages(mode);
const raw = new ApertiumPipeline({ mode, stages, timeoutMs: 60_000 });
await raw.run(['Hello.']);
const SEPARATOR = '[\n]';
async function oneFlush(batch: string[]) {
  const [answer = ''] = await raw.run([batch.map((s) => encodeSegment(s).stream).join(SEPARATOR)]);
  if (answer.split(SEPARATOR).length !== batch.length) throw new Error('separator lost');
}

console.log('batching (median of 5):   one segment per flush | all in one flush');
for (const n of [1, 10, 1000]) {
  const batch = sentences(n);
  const perFlush: number[] = [];
  const single: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    perFlush.push(await time(() => engine.translate(pair, batch)));
    single.push(await time(() => oneFlush(batch)));
  }
  console.log(
    `  ${String(n).padStart(5)} sentences:       ${ms(median(perFlush)).padStart(9)} | ${ms(median(single))}`,
  );
}

const thousand = sentences(1000);
const runs: number[] = [];
for (let run = 0; run < 5; run += 1) runs.push(await time(() => engine.translate(pair, thousand)));
const best = Math.min(...runs);
console.log(
  `1,000-sentence batch:     median ${ms(median(runs))}, best ${ms(best)} (${Math.round(1000 / (median(runs) / 1000))} sentences/s at the median)`,
);

await raw.close();
await engine.close();
