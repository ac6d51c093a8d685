/**
 * `npm run bench:create` (issue 17): Create's generation through the API against the engine
 * called directly, in one run. A real server process runs the embedded engine on the tiny test
 * model (threads 1); this process loads the same model with `createEngine` and the same settings.
 * Rounds alternate API and direct, with the same prompt and maxTokens (the server's own
 * `buildPrompt`), greedy sampling, so both produce the same tokens.
 *
 * Figures per side (medians over the rounds): time to the first piece, pieces per second after
 * it, and the whole generation; then the ratios API / direct (goal: under 1.05).
 *
 *   npm run bench:create -- [--rounds 7] [--words 600]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { LiltCreateContentRequest } from '../shared/api/create';
import { preferencesAsUsed, requestOf } from '../server/create/content-wire';
import { buildPrompt } from '../server/create/prompt';
import { createEngine } from '../server/llm/engine';
import { writeTinyGguf } from '../server/llm/tiny-gguf';
import { startServerProcess, stopServerProcess } from './server-process';

const KEY = 'wb_bench_create_key_0123456789abc';
const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '7' }, words: { type: 'string', default: '600' } },
});
const ROUNDS = Number(values.rounds);
const WORDS = Number(values.words);

const REQUEST: LiltCreateContentRequest = {
  name: 'Trail boots',
  language: 'en-US',
  template: 'product-description',
  templateParams: { language: 'en-US', contentLength: WORDS, summary: 'waterproof hiking boots' },
};

interface Run {
  firstMs: number;
  totalMs: number;
  pieces: number;
  text: string;
}

/** Pieces per second after the first one: the streaming rate, apart from the start. */
const rateOf = (run: Run) => (run.pieces - 1) / ((run.totalMs - run.firstMs) / 1000);
const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One generation over HTTP, timed from the request to each `message` event as it is read. */
async function viaApi(url: string): Promise<Run> {
  const started = performance.now();
  const response = await fetch(`${url}/v2/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(REQUEST),
  });
  if (!response.ok || !response.body) throw new Error(`POST /v2/create: ${response.status}`);
  const run: Run = { firstMs: 0, totalMs: 0, pieces: 0, text: '' };
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!block.startsWith('event: message') || !data || data === '[DONE]') continue;
      if (run.pieces === 0) run.firstMs = performance.now() - started;
      run.pieces += 1;
      run.text += (JSON.parse(data) as { text: string }).text;
      run.totalMs = performance.now() - started;
    }
  }
  return run;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'wordbench-bench-create-'));
  const modelPath = await writeTinyGguf(join(dir, 'tiny.gguf'), { seed: 17 });
  const server = await startServerProcess(join(dir, 'data'), KEY, [
    '--create-model-file',
    modelPath,
    '--create-threads',
    '1',
  ]);
  const direct = createEngine({ kind: 'llama', modelPath, threads: 1 });
  try {
    const signed = await fetch(`${server.url}/v2/create/terms-and-conditions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ signedAgreement: true }),
    });
    if (!signed.ok) throw new Error(`signing the terms: ${signed.status}`);
    // The prompt the server builds for this request (no stored preferences, no memory).
    const asked = requestOf(REQUEST, preferencesAsUsed({ tone: '', styleguide: '' }, undefined));
    const prompt = buildPrompt({
      ...asked.templateParams,
      ...asked.preferences,
      name: asked.name,
      template: asked.template,
      terms: [],
    });
    const viaEngine = async (): Promise<Run> => {
      const started = performance.now();
      const run: Run = { firstMs: 0, totalMs: 0, pieces: 0, text: '' };
      const signal = new AbortController().signal;
      for await (const piece of direct.stream({ ...prompt, signal })) {
        if (run.pieces === 0) run.firstMs = performance.now() - started;
        run.pieces += 1;
        run.text += piece;
        run.totalMs = performance.now() - started;
      }
      return run;
    };

    await direct.prepare();
    // Warm-up, not counted: the server's model loads, both sides' first contexts fill.
    const warmApi = await viaApi(server.url);
    const warmDirect = await viaEngine();
    const isSame = warmApi.text === warmDirect.text;
    const runs: { api: Run[]; direct: Run[] } = { api: [], direct: [] };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which side goes first, so neither always follows the other.
      if (round % 2 === 0) {
        runs.api.push(await viaApi(server.url));
        runs.direct.push(await viaEngine());
      } else {
        runs.direct.push(await viaEngine());
        runs.api.push(await viaApi(server.url));
      }
    }
    report(runs, prompt.maxTokens, isSame);
  } finally {
    await direct.close();
    await stopServerProcess(server);
    await rm(dir, { recursive: true, force: true });
  }
}

function report(runs: { api: Run[]; direct: Run[] }, maxTokens: number, isSame: boolean): void {
  const figures = (side: Run[]) => ({
    first: median(side.map((run) => run.firstMs)),
    rate: median(side.map(rateOf)),
    total: median(side.map((run) => run.totalMs)),
    pieces: median(side.map((run) => run.pieces)),
  });
  const api = figures(runs.api);
  const direct = figures(runs.direct);
  const [one, five, fifteen] = loadavg().map((load) => load.toFixed(2));
  console.log(`bench:create: tiny GGUF model, embedded engine, threads 1, ${ROUNDS} rounds`);
  console.log(`  ${WORDS} words asked: maxTokens ${maxTokens}, ${api.pieces} pieces per run`);
  console.log(`  same text through the API and direct: ${isSame ? 'yes' : 'NO'}`);
  const row = (name: string, side: typeof api) =>
    `  ${name.padEnd(7)} first piece ${side.first.toFixed(1).padStart(7)} ms  ` +
    `${side.rate.toFixed(0).padStart(6)} pieces/s  whole ${side.total.toFixed(0).padStart(6)} ms`;
  console.log(row('API', api));
  console.log(row('direct', direct));
  console.log(
    `  overhead (API / direct): whole generation ${(api.total / direct.total).toFixed(3)}, ` +
      `first piece ${(api.first / direct.first).toFixed(3)}, ` +
      `time per piece ${(direct.rate / api.rate).toFixed(3)} (goal: under 1.05)`,
  );
  console.log(`  load average: ${one} ${five} ${fifteen} (${ROUNDS} rounds, medians)`);
}

await main();
