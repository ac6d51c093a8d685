/**
 * `npm run bench:translate`: `POST /v2/translate` on our server (a child process, real HTTP)
 * against Apertium's own web service, apertium-apy, on the same sentences.
 *
 * - a new en-es memory with a 100k-unit TMX (bench/tm-data.ts: the real LibreOffice help pairs
 *   grown by seeded variants) imported through the API, waited on until `is_processing` is false;
 * - 500 real help sentences held out of the memory (so TM finds fuzzy matches, never itself);
 * - after a warm-up, one request at a time: p50/p99 of TM+MT, TM only (`mt=false`), MT only
 *   (`tm_matches=false`), and apertium-apy's `GET /translate?langpair=eng|spa`; then the ratios.
 *
 *   npx tsx bench/translate.ts [--sentences 500] [--warmup 30]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { TranslationList } from '../shared/api/translate';
import { apyTranslate, startApy, stopApy, type ApyProcess } from './apertium-apy';
import { startServerProcess, stopServerProcess, type ServerProcess } from './server-process';
import { loadTmBenchData } from './tm-data';
import { callApi, createBenchMemory, uploadTmx, waitUntilImported } from './tm-import';
import { writeTmx } from './tmx-file';

const KEY = 'wb_bench_translate_key_0123456789';
const { values } = parseArgs({
  options: {
    sentences: { type: 'string', default: '500' },
    warmup: { type: 'string', default: '30' },
  },
});
const SENTENCES = Number(values.sentences);
const WARMUP = Number(values.warmup);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function requireApertium(): void {
  let modes = '';
  try {
    modes = execFileSync('apertium', ['-l'], { encoding: 'utf8' });
  } catch {
    // Reported below.
  }
  if (!modes.split('\n').some((line) => line.trim() === 'eng-spa')) {
    throw new Error(
      'Apertium eng-spa is missing: apt-get install -y apertium-apy apertium-eng-spa',
    );
  }
}

interface Figures {
  p50: number;
  p99: number;
}

/** Runs `call` once per sentence, one after the other, after `WARMUP` untimed calls. */
async function measure(
  name: string,
  sentences: string[],
  call: (text: string) => Promise<unknown>,
): Promise<Figures> {
  const first = performance.now();
  await call(sentences[0]!);
  const firstMs = performance.now() - first;
  for (const text of sentences.slice(1, WARMUP)) await call(text);
  const times: number[] = [];
  for (const text of sentences) {
    const started = performance.now();
    await call(text);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const figures = { p50: percentile(times, 50), p99: percentile(times, 99) };
  console.log(
    `${name.padEnd(40)} p50 ${ms(figures.p50).padStart(9)}   p99 ${ms(figures.p99).padStart(9)}` +
      `   (first call ${ms(firstMs)})`,
  );
  return figures;
}

async function main(): Promise<void> {
  requireApertium();
  const folder = mkdtempSync(join(tmpdir(), 'wb-bench-translate-'));
  let server: ServerProcess | undefined;
  let apy: ApyProcess | undefined;
  const stopAll = () => {
    if (apy) stopApy(apy);
    server?.child.kill('SIGTERM');
  };
  process.once('SIGINT', () => {
    stopAll();
    process.exit(130);
  });
  try {
    const data = loadTmBenchData({ size: 100_000, queries: 600 });
    const sentences = data.queries.slice(0, SENTENCES).map((query) => query.text);
    const tmx = join(folder, 'memory.tmx');
    await writeTmx(tmx, data.units);
    // The quota is raised: the bench sends a few thousand requests in about a minute.
    server = await startServerProcess(join(folder, 'data'), KEY, ['--quota', '1000000']);
    const memoryId = await createBenchMemory(server.url, KEY);
    await uploadTmx(server.url, KEY, memoryId, tmx);
    const units = await waitUntilImported(server.url, KEY, memoryId);
    console.log(
      `our server: ${units.toLocaleString('en')} units (en-es), ${sentences.length} held-out ` +
        `help sentences, ${WARMUP} warm-up calls each (the first timed apart), one request at a time`,
    );
    const base = server.url;
    const ours = (extra: object) => async (source: string) => {
      const answer = await callApi<TranslationList>(base, KEY, '/v2/translate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ source, memory_id: memoryId, ...extra }),
      });
      if (answer.mtUnavailable) throw new Error(`no MT: ${answer.mtUnavailable}`);
      return answer;
    };
    const both = await measure('POST /v2/translate TM+MT', sentences, ours({}));
    await measure('POST /v2/translate TM only (mt=false)', sentences, ours({ mt: false }));
    const mtOnly = await measure(
      'POST /v2/translate MT only',
      sentences,
      ours({ tm_matches: false }),
    );

    apy = await startApy();
    const reference = await measure('apertium-apy GET /translate', sentences, (text) =>
      apyTranslate(apy!, 'eng|spa', text),
    );
    const ratio = (a: Figures) =>
      `p50 ${(a.p50 / reference.p50).toFixed(2)}x, p99 ${(a.p99 / reference.p99).toFixed(2)}x`;
    console.log(`ratio ours/apy, MT only:  ${ratio(mtOnly)}`);
    console.log(`ratio ours/apy, TM+MT:    ${ratio(both)}`);
  } finally {
    if (apy) stopApy(apy);
    if (server) await stopServerProcess(server);
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
