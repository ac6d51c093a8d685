import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getLlama, readGgufFileInfo } from 'node-llama-cpp';
import { describe, expect, it } from 'vitest';
import { tinyGgufBytes, writeTinyGguf } from './tiny-gguf';

describe('tiny GGUF test model', () => {
  it('is the same file for the same seed, another for another, and small', () => {
    const first = tinyGgufBytes({ seed: 5 });
    expect(tinyGgufBytes({ seed: 5 }).equals(first)).toBe(true);
    expect(tinyGgufBytes({ seed: 6 }).equals(first)).toBe(false);
    expect(first.length).toBeLessThan(2 * 1024 * 1024);
    expect(first.subarray(0, 4).toString('latin1')).toBe('GGUF');
    expect(first.readUInt32LE(4)).toBe(3);
  });

  it("reads back through node-llama-cpp's own GGUF parser", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'wordbench-gguf-'));
    try {
      const path = await writeTinyGguf(join(folder, 'tiny.gguf'), { seed: 5, layers: 1 });
      const info = await readGgufFileInfo(path);
      expect(info.version).toBe(3);
      expect(info.metadata.general.architecture).toBe('llama');
      expect(info.metadata.tokenizer.ggml.model).toBe('llama');
      const names = info.fullTensorInfo?.map((tensor) => tensor.name) ?? [];
      expect(names).toContain('blk.0.attn_q.weight');
      expect(names).not.toContain('blk.1.attn_q.weight');
      expect(names).toContain('output.weight');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('tokenizes its words as single tokens, and any other text through its byte tokens', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'wordbench-gguf-'));
    const llama = await getLlama({ gpu: false, build: 'never' });
    try {
      const path = await writeTinyGguf(join(folder, 'tiny.gguf'), { seed: 9 });
      const info = await readGgufFileInfo(path);
      const tokens = info.metadata.tokenizer.ggml.tokens as string[];
      const word = tokens.find((token) => token.startsWith('\u2581') && token.length === 5)!;
      const model = await llama.loadModel({ modelPath: path });
      // SentencePiece marks the word start with U+2581; llama.cpp adds it before the first word.
      expect(model.tokenize(word.slice(1))).toEqual([tokens.indexOf(word)]);
      const text = 'Caf\u00e9 \u2713 42 {ok}';
      expect(model.detokenize(model.tokenize(text))).toBe(text);
      await model.dispose();
    } finally {
      await llama.dispose();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
