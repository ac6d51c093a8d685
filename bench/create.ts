/**
 * `npm run bench:create` (issue 17): Create's generation through the API against the engine
 * called directly, in one run. A real server process runs the embedded engine (threads 1); this
 * process loads the same model with `createEngine` and the same settings. Rounds alternate API
 * and direct, with the same prompt and maxTokens (the server's own `buildPrompt`), greedy
 * sampling, so both produce the same tokens.
 *
 * Two synthetic models: the tiny test model (~1 ms a token: the API's fixed cost per piece shows
 * at its largest) and a heavier one (embedding 768, 10 blocks: ~15 ms a token here, closer to a
 * small real model on a CPU). Figures per side (medians over the rounds): time to the first
 * piece, pieces per second after it, the whole generation, CPU per piece; then the ratios
 * API / direct (goal: under 1.05).
 *
 *   npm run bench:create -- [--rounds 7] [--words 600] [--heavy-rounds 5] [--heavy-words 120]
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { LiltCreateContentRequest } from '../shared/api/create';
import { preferencesAsUsed, requestOf } from '../server/create/content-wire';
import { buildPrompt } from '../server/create/prompt';
import { createEngine } from '../server/llm/engine';
import { writeTinyGguf, type TinyModelOptions } from '../server/llm/tiny-gguf';
import { startServerProcess, stopServerProcess } from './server-process';

const KEY = 'wb_bench_create_key_0123456789abc';
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    words: { type: 'string', default: '600' },
    'heavy-rounds': { type: 'string', default: '5' },
    'heavy-words': { type: 'string', default: '120' },
  },
});

interface BenchModel {
  label: string;
  gguf: TinyModelOptions;
  rounds: number;
  words: number;
}

const MODELS: BenchModel[] = [
  {
    label: 'tiny test model',
    gguf: {},
    rounds: Number(values.rounds),
    words: Number(values.words),
  },
  {
    label: 'heavier model (embedding 768, 10 blocks, ~240 MB)',
    gguf: { embedding: 768, heads: 12, layers: 10 },
    rounds: Number(values['heavy-rounds']),
    words: Number(values['heavy-words']),
  },
];

const requestFor = (words: number): LiltCreateContentRequest => ({
  name: 'Trail boots',
  language: 'en-US',
  template: 'product-description',
  templateParams: { language: 'en-US', contentLength: words, summary: 'waterproof hiking boots' },
});

interface Run {
  firstMs: number;
  totalMs: number;
  pieces: number;
  text: string;
  /** CPU milliseconds of the process that generated (the server's for the API side). */
  engineCpuMs: number;
  /** CPU milliseconds of this process while it read the API's events (0 direct). */
  readerCpuMs: number;
}

const cpuMsOf = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
/** A child process's CPU milliseconds from /proc (Linux); NaN elsewhere. */
function processCpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Pieces per second after the first one: the streaming rate, apart from the start. */
const rateOf = (run: Run) => (run.pieces - 1) / ((run.totalMs - run.firstMs) / 1000);
const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * One generation over HTTP, timed from the request to each `message` event as it is read. It
 * reads with node:http rather than fetch: fetch's web streams cost this process about twice the
 * CPU per event (~70 against ~40 us measured), which on 2 cores slows the server, not the API.
 */
function viaApi(url: string, request: LiltCreateContentRequest, serverPid?: number): Promise<Run> {
  const started = performance.now();
  const serverCpuAtStart = processCpuMs(serverPid);
  const cpuAtStart = process.cpuUsage();
  const run: Run = { firstMs: 0, totalMs: 0, pieces: 0, text: '', engineCpuMs: 0, readerCpuMs: 0 };
  let buffer = '';
  const onText = (chunk: string) => {
    buffer += chunk;
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
  };
  return new Promise<Run>((resolve, reject) => {
    const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
    const outgoing = httpRequest(`${url}/v2/create`, { method: 'POST', headers }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`POST /v2/create: ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      response.on('data', onText);
      response.on('error', reject);
      response.on('end', () => {
        run.readerCpuMs = cpuMsOf(process.cpuUsage(cpuAtStart));
        run.engineCpuMs = processCpuMs(serverPid) - serverCpuAtStart;
        resolve(run);
      });
    });
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify(request));
  });
}

/** One model: its own server process and direct engine, warm-up, then alternating rounds. */
async function benchModel(dir: string, model: BenchModel, index: number): Promise<void> {
  const modelPath = await writeTinyGguf(join(dir, `model-${index}.gguf`), {
    seed: 17,
    ...model.gguf,
  });
  const server = await startServerProcess(join(dir, `data-${index}`), KEY, [
    '--create-model-file',
    modelPath,
    '--create-threads',
    '1',
  ]);
  const direct = createEngine({ kind: 'llama', modelPath, threads: 1 });
  const request = requestFor(model.words);
  try {
    const signed = await fetch(`${server.url}/v2/create/terms-and-conditions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ signedAgreement: true }),
    });
    if (!signed.ok) throw new Error(`signing the terms: ${signed.status}`);
    // The prompt the server builds for this request (no stored preferences, no memory).
    const asked = requestOf(request, preferencesAsUsed({ tone: '', styleguide: '' }, undefined));
    const prompt = buildPrompt({
      ...asked.templateParams,
      ...asked.preferences,
      name: asked.name,
      template: asked.template,
      terms: [],
    });
    const viaEngine = async (): Promise<Run> => {
      const started = performance.now();
      const cpuAtStart = process.cpuUsage();
      const run: Run = {
        firstMs: 0,
        totalMs: 0,
        pieces: 0,
        text: '',
        engineCpuMs: 0,
        readerCpuMs: 0,
      };
      const signal = new AbortController().signal;
      for await (const piece of direct.stream({ ...prompt, signal })) {
        if (run.pieces === 0) run.firstMs = performance.now() - started;
        run.pieces += 1;
        run.text += piece;
        run.totalMs = performance.now() - started;
      }
      run.engineCpuMs = cpuMsOf(process.cpuUsage(cpuAtStart));
      return run;
    };
    const viaServer = () => viaApi(server.url, request, server.child.pid);

    await direct.prepare();
    // Warm-up, not counted: the server's model loads, both sides' first contexts fill.
    const warmApi = await viaServer();
    const warmDirect = await viaEngine();
    const isSame = warmApi.text === warmDirect.text;
    const runs: { api: Run[]; direct: Run[] } = { api: [], direct: [] };
    for (let round = 0; round < model.rounds; round++) {
      // Alternate which side goes first, so neither always follows the other.
      if (round % 2 === 0) {
        runs.api.push(await viaServer());
        runs.direct.push(await viaEngine());
      } else {
        runs.direct.push(await viaEngine());
        runs.api.push(await viaServer());
      }
    }
    report(model, runs, prompt.maxTokens, isSame);
  } finally {
    await direct.close();
    await stopServerProcess(server);
    await rm(modelPath, { force: true });
  }
}

function report(
  model: BenchModel,
  runs: { api: Run[]; direct: Run[] },
  maxTokens: number,
  isSame: boolean,
): void {
  const figures = (side: Run[]) => ({
    first: median(side.map((run) => run.firstMs)),
    rate: median(side.map(rateOf)),
    total: median(side.map((run) => run.totalMs)),
    pieces: median(side.map((run) => run.pieces)),
    engineCpu: median(side.map((run) => run.engineCpuMs / run.pieces)),
    readerCpu: median(side.map((run) => run.readerCpuMs / run.pieces)),
  });
  const api = figures(runs.api);
  const direct = figures(runs.direct);
  const msPerPiece = 1000 / direct.rate;
  console.log(
    `bench:create: ${model.label}, ${msPerPiece.toFixed(2)} ms per token direct, ` +
      `embedded engine, threads 1, ${model.rounds} rounds`,
  );
  console.log(`  ${model.words} words asked: maxTokens ${maxTokens}, ${api.pieces} pieces per run`);
  console.log(`  same text through the API and direct: ${isSame ? 'yes' : 'NO'}`);
  const us = (ms: number) => `${(ms * 1000).toFixed(0)} us`;
  const row = (name: string, side: typeof api) =>
    `  ${name.padEnd(7)} first piece ${side.first.toFixed(1).padStart(7)} ms  ` +
    `${side.rate.toFixed(1).padStart(7)} pieces/s  whole ${side.total.toFixed(0).padStart(6)} ms  ` +
    `CPU per piece: engine process ${us(side.engineCpu)}, reader ${us(side.readerCpu)}`;
  console.log(row('API', api));
  console.log(row('direct', direct));
  console.log(
    `  overhead (API / direct) at ${msPerPiece.toFixed(2)} ms per token: whole generation ` +
      `${(api.total / direct.total).toFixed(3)}, first piece ${(api.first / direct.first).toFixed(3)}, ` +
      `time per piece ${(direct.rate / api.rate).toFixed(3)} (goal: under 1.05)`,
  );
  const [one, five, fifteen] = loadavg().map((load) => load.toFixed(2));
  console.log(`  load average: ${one} ${five} ${fifteen} (${model.rounds} rounds, medians)`);
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'wordbench-bench-create-'));
  try {
    for (const [index, model] of MODELS.entries()) await benchModel(dir, model, index);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
