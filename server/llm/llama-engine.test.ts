import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, EngineError, type TextEngine } from './engine';
import { tinyGgufBytes, writeTinyGguf } from './tiny-gguf';

let folder: string;
let modelPath: string;
let engine: TextEngine;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'wordbench-llama-'));
  modelPath = await writeTinyGguf(join(folder, 'tiny.gguf'), { seed: 17 });
  // One thread: llama.cpp's worker threads spin, and this machine's cores are shared.
  engine = createEngine({ kind: 'llama', modelPath, threads: 1 });
  await engine.prepare();
});
afterAll(async () => {
  await engine.close();
  await rm(folder, { recursive: true, force: true });
});

const request = (maxTokens: number, signal = new AbortController().signal) => ({
  system: 'You write short product descriptions.',
  prompt: 'Describe a lamp in a friendly tone.',
  maxTokens,
  signal,
});

async function failure(stream: AsyncIterable<string>): Promise<EngineError> {
  try {
    for await (const _piece of stream) expect.unreachable('no piece before the error');
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError);
    return error as EngineError;
  }
  throw new Error('the stream ended without an error');
}

describe('embedded llama.cpp engine on the tiny model', () => {
  it('loads the model and streams its text piece by piece, up to maxTokens', async () => {
    expect(engine.description).toBe('llama.cpp: tiny.gguf');
    const pieces: string[] = [];
    for await (const piece of engine.stream(request(40))) pieces.push(piece);
    // The tiny model never says its end token, so it runs to maxTokens: one piece a token or so.
    expect(pieces.length).toBeGreaterThan(20);
    expect(pieces.length).toBeLessThanOrEqual(40);
    expect(pieces.every((piece) => piece.length > 0)).toBe(true);
    expect(pieces.join('')).toMatch(/^[a-z ,.]+$/);
  });

  it('stops at once when the signal aborts, and the next generation runs', async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    for await (const piece of engine.stream(request(500, controller.signal))) {
      pieces.push(piece);
      if (pieces.length === 5) controller.abort();
    }
    expect(pieces).toHaveLength(5);
    const next: string[] = [];
    for await (const piece of engine.stream(request(10))) next.push(piece);
    expect(next.length).toBeGreaterThan(3);
  });

  it('stops when the caller leaves the loop', async () => {
    for await (const piece of engine.stream(request(500))) {
      expect(piece.length).toBeGreaterThan(0);
      break;
    }
    const after: string[] = [];
    for await (const piece of engine.stream({ ...request(8), system: '' })) after.push(piece);
    expect(after.length).toBeGreaterThan(3);
  });

  it('runs concurrent generations one after the other, each to its end', async () => {
    const run = async () => {
      const pieces: string[] = [];
      for await (const piece of engine.stream({ ...request(12), temperature: 0.8 }))
        pieces.push(piece);
      return pieces;
    };
    const [first, second] = await Promise.all([run(), run()]);
    expect(first!.length).toBeGreaterThan(5);
    expect(second!.length).toBeGreaterThan(5);
  });

  it('a generation whose signal aborts before its turn leaves without a piece', async () => {
    const busy = engine.stream(request(30));
    const iterator = busy[Symbol.asyncIterator]();
    await iterator.next();
    const controller = new AbortController();
    const waiting = (async () => {
      const pieces: string[] = [];
      for await (const piece of engine.stream(request(30, controller.signal))) pieces.push(piece);
      return pieces;
    })();
    controller.abort();
    expect(await waiting).toEqual([]);
    await iterator.return?.();
  });

  it('says there is no model file, in words', async () => {
    const missing = createEngine({ kind: 'llama', modelPath: join(folder, 'nothing.gguf') });
    const error = await failure(missing.stream(request(5)));
    expect(error.code).toBe('model');
    expect(error.message).toBe(
      `no model file at ${join(folder, 'nothing.gguf')}: pick a GGUF model file (.gguf) in the engine settings`,
    );
    await expect(missing.prepare()).rejects.toThrow(/no model file/);
  });

  it("says a cut or corrupt file is not a model, with llama.cpp's reason", async () => {
    const bytes = tinyGgufBytes({ seed: 17 });
    const cut = join(folder, 'cut.gguf');
    await writeFile(cut, bytes.subarray(0, bytes.length - 4096));
    const cutError = await failure(
      createEngine({ kind: 'llama', modelPath: cut }).stream(request(5)),
    );
    expect(cutError.code).toBe('model');
    expect(cutError.message).toContain('cut.gguf is not a model llama.cpp can load (');
    expect(cutError.message).toContain('corrupted or incomplete');
    const text = join(folder, 'notes.gguf');
    await writeFile(text, 'These are not the weights you are looking for.\n');
    const textError = await failure(
      createEngine({ kind: 'llama', modelPath: text }).stream(request(5)),
    );
    expect(textError.code).toBe('model');
    expect(textError.message).toContain('notes.gguf is not a model llama.cpp can load');
  });

  it('rejects settings that cannot work, in words', () => {
    expect(() => createEngine({ kind: 'llama', modelPath: ' ' })).toThrow(/needs a GGUF model/);
    expect(() => createEngine({ kind: 'llama', modelPath, threads: 0 })).toThrow(
      'the thread count must be a whole number above 0, not 0',
    );
    expect(() => createEngine({ kind: 'llama', modelPath, contextSize: 1.5 })).toThrow(
      /context size must be a whole number/,
    );
  });

  it('refuses to stream once closed', async () => {
    const closing = createEngine({ kind: 'llama', modelPath, threads: 1 });
    const pieces: string[] = [];
    for await (const piece of closing.stream(request(3))) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(0);
    await closing.close();
    expect((await failure(closing.stream(request(3)))).code).toBe('closed');
  });
});
