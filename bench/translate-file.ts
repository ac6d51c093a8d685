/**
 * `npm run bench:translate-file`: file translation through the API end to end (upload, start,
 * poll until ready, download) on our server in its own process, against the raw `apertium -u
 * eng-spa` batch on the same extracted text in the same run; prints the ratio (goal: at most
 * 1.2x) and the TM-only path in segments per second.
 *
 * - a 10,000-segment XLIFF 1.2 and a 500-paragraph DOCX of real LibreOffice help sentences;
 * - MT path: `withTM=false`, every segment through Apertium;
 * - TM path: a memory holding every sentence's translation, `withTM=true`: every segment an
 *   exact match, no MT at all.
 *
 *   npx tsx bench/translate-file.ts [--segments 10000] [--paragraphs 500] [--rounds 3]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { TranslationInfo } from '../shared/api/file-translation';
import {
  detectDocumentFormat,
  extractDocument,
  segmentToPlainText,
} from '../server/formats/documents';
import { readLohelpUnits } from '../server/tm/test-support';
import { benchSources, docxOf, xliffOf } from './bench-files';
import { startServerProcess, stopServerProcess } from './server-process';
import { callApi, createBenchMemory, uploadTmx, waitUntilImported } from './tm-import';
import { writeTmx } from './tmx-file';

const KEY = 'wb_bench_translate_file_key_0123456789';
const { values } = parseArgs({
  options: {
    segments: { type: 'string', default: '10000' },
    paragraphs: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '3' },
  },
});
const ROUNDS = Number(values.rounds);
// The wait for the end is paced by progress (see `nextPoll`): never later than POLL_MS after the
// end, without the ~250 reads a fixed 20 ms poll made during a 5 s run, whose CPU (the bench's
// and the server's) came off Apertium's two busy cores.
const POLL_MS = 20;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * The raw batch: one `apertium -u eng-spa IN OUT` process on every segment's text, a line each.
 * Files, not pipes: Node's stdio pipes are sockets, which the apertium script cannot reopen.
 */
function rawApertium(name: string, bytes: Uint8Array): { ms: number; segments: number } {
  const format = detectDocumentFormat(name, bytes.subarray(0, 8192));
  if (!format) throw new Error(`${name}: no filter`);
  const { segments } = extractDocument(format, bytes, { srclang: 'en', trglang: 'es' });
  const text = `${segments.map((s) => segmentToPlainText(s.source)).join('\n')}\n`;
  const input = join(dir, `${name}.raw.txt`);
  writeFileSync(input, text);
  const started = performance.now();
  execFileSync('apertium', ['-u', 'eng-spa', input, `${input}.out`]);
  return { ms: performance.now() - started, segments: segments.length };
}

/**
 * How long to wait before the next look: a third of the time the progress so far says is left
 * (segments done at the rate since the start), from POLL_MS to 250 ms; POLL_MS until there is
 * progress. The rate since the start includes reading the file, so it errs on the slow side.
 */
function nextPoll(info: TranslationInfo, since: number): number {
  const { segmentsDone: done, segmentsTotal: total } = info;
  if (done === 0 || total === 0) return POLL_MS;
  const elapsed = performance.now() - since;
  const left = (elapsed / done) * (total - done);
  return Math.min(250, Math.max(POLL_MS, left / 3));
}

async function translateThroughApi(
  base: string,
  memoryId: number,
  name: string,
  bytes: Uint8Array,
  withTM: boolean,
) {
  const started = performance.now();
  const file = await callApi<{ id: number }>(base, KEY, `/v2/files?name=${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes,
  });
  const [info] = await callApi<TranslationInfo[]>(
    base,
    KEY,
    `/v2/translate/file?fileId=${file.id}&memoryId=${memoryId}&withTM=${withTM}`,
    { method: 'POST' },
  );
  let current: TranslationInfo = info!;
  const posted = performance.now();
  while (current.status === 'InProgress') {
    await new Promise((resolve) => setTimeout(resolve, nextPoll(current, posted)));
    const [latest] = await callApi<TranslationInfo[]>(
      base,
      KEY,
      `/v2/translate/file?translationIds=${info!.id}`,
    );
    current = latest!;
  }
  if (current.status !== 'ReadyForDownload') throw new Error(`${name}: ${current.errorMsg}`);
  const download = await fetch(`${base}/v2/translate/files?id=${info!.id}`, {
    headers: { authorization: `Bearer ${KEY}` },
  });
  const out = new Uint8Array(await download.arrayBuffer());
  return { ms: performance.now() - started, info: current, bytes: out.length };
}

const units = readLohelpUnits();
const sources = benchSources(units, Number(values.segments));
const files = [
  { name: 'help.xlf', bytes: new TextEncoder().encode(xliffOf(sources)) },
  { name: 'guide.docx', bytes: docxOf(sources.slice(0, Number(values.paragraphs))) },
];

const dir = mkdtempSync(join(tmpdir(), 'wordbench-bench-tf-'));
const server = await startServerProcess(join(dir, 'data'), KEY);
try {
  const mtMemory = await createBenchMemory(server.url, KEY);
  // Warm the engine's pipeline once, as a running app has it.
  await translateThroughApi(
    server.url,
    mtMemory,
    'warm.txt',
    new TextEncoder().encode('Open the file.\n'),
    false,
  );
  console.log(
    'MT path (withTM=false), API end to end vs raw apertium -u eng-spa on the same text:',
  );
  for (const file of files) {
    // Interleaved rounds, medians: the machine is shared, and load drifts within a run.
    const raws: number[] = [];
    const apis: number[] = [];
    let segments = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const raw = rawApertium(file.name, file.bytes);
      segments = raw.segments;
      raws.push(raw.ms);
      apis.push((await translateThroughApi(server.url, mtMemory, file.name, file.bytes, false)).ms);
    }
    const [api, raw] = [median(apis), median(raws)];
    console.log(
      `  ${file.name.padEnd(11)} ${String(segments).padStart(6)} segments: API ${seconds(api)}, ` +
        `raw ${seconds(raw)} (medians of ${ROUNDS}), ratio ${(api / raw).toFixed(2)}x (goal <= 1.2x)`,
    );
  }
  const tmMemory = await createBenchMemory(server.url, KEY);
  const byText = new Map(units.map((u) => [u.source, u]));
  const tmxPath = join(dir, 'memory.tmx');
  await writeTmx(
    tmxPath,
    sources.map((s) => byText.get(s)!),
  );
  await uploadTmx(server.url, KEY, tmMemory, tmxPath);
  await waitUntilImported(server.url, KEY, tmMemory);
  console.log('TM path (withTM=true, every segment in the memory, no MT):');
  for (const file of files) {
    const api = await translateThroughApi(server.url, tmMemory, file.name, file.bytes, true);
    const { segmentsTotal, tmSegments } = api.info;
    console.log(
      `  ${file.name.padEnd(11)} ${String(segmentsTotal).padStart(6)} segments (${tmSegments} from TM): ` +
        `${seconds(api.ms)}, ${Math.round(segmentsTotal / (api.ms / 1000))} segments/s end to end`,
    );
  }
  writeFileSync(join(dir, 'done'), '');
} finally {
  await stopServerProcess(server);
  rmSync(dir, { recursive: true, force: true });
}
