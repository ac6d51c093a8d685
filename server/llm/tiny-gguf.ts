/**
 * Test support: a tiny llama-architecture model with random weights, written as a real GGUF file
 * that llama.cpp (through node-llama-cpp) loads, tokenizes with and generates from. Its words are
 * nonsense, but loading, prompting, streaming and stopping take the real path. Deterministic from
 * the seed; under 1 MB; writes in milliseconds.
 */
import { writeFile } from 'node:fs/promises';
import { encodeGguf, type GgufTensor, type GgufValue } from './gguf-writer';
import { tinyVocabulary, type TinyVocabulary } from './tiny-vocabulary';

export interface TinyModelOptions {
  /** Weights and words follow from it; the same seed writes the same bytes. */
  seed?: number;
  /** Transformer blocks; 2 by default. */
  layers?: number;
}

const EMBED = 64;
const HEADS = 4;
const FEED_FORWARD = 128;
const CONTEXT = 2048;
/**
 * Embedding lane 0 carries a constant that no block writes to; the output rows of the special,
 * byte and chat tokens weigh it strongly negative, so the model only ever says words. A stream
 * then runs until maxTokens or a stop, never into a half UTF-8 byte or an early end of text.
 */
const CONSTANT_LANE_VALUE = 3;
const SUPPRESSED_WEIGHT = -20;

/** ChatML, so node-llama-cpp formats the system and user messages as it does for real models. */
const CHAT_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' }}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** xorshift32: a few lines, deterministic, good enough for random weights. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0 || 0x9e3779b9;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x1_0000_0000;
  };
}

/** A matrix [inputs, outputs] (inputs vary fastest) with values uniform in +-sqrt(3/inputs). */
function matrix(random: () => number, inputs: number, outputs: number): Float32Array {
  const bound = Math.sqrt(3 / inputs);
  const data = new Float32Array(inputs * outputs);
  for (let index = 0; index < data.length; index++) data[index] = (random() * 2 - 1) * bound;
  return data;
}

/** Zeroes output row 0 so a block never writes into the constant lane. */
function withoutLaneZeroOutput(data: Float32Array, inputs: number): Float32Array {
  data.fill(0, 0, inputs);
  return data;
}

/** RMS-norm weights that hide the constant lane from the block's input. */
function normSkippingLaneZero(): Float32Array {
  const data = new Float32Array(EMBED).fill(1);
  data[0] = 0;
  return data;
}

function blockTensors(random: () => number, block: number): GgufTensor[] {
  const name = (part: string) => `blk.${block}.${part}.weight`;
  const square = (part: string): GgufTensor => ({
    name: name(part),
    dims: [EMBED, EMBED],
    data: matrix(random, EMBED, EMBED),
  });
  return [
    { name: name('attn_norm'), dims: [EMBED], data: normSkippingLaneZero() },
    square('attn_q'),
    square('attn_k'),
    square('attn_v'),
    {
      name: name('attn_output'),
      dims: [EMBED, EMBED],
      data: withoutLaneZeroOutput(matrix(random, EMBED, EMBED), EMBED),
    },
    { name: name('ffn_norm'), dims: [EMBED], data: normSkippingLaneZero() },
    {
      name: name('ffn_gate'),
      dims: [EMBED, FEED_FORWARD],
      data: matrix(random, EMBED, FEED_FORWARD),
    },
    {
      name: name('ffn_up'),
      dims: [EMBED, FEED_FORWARD],
      data: matrix(random, EMBED, FEED_FORWARD),
    },
    {
      name: name('ffn_down'),
      dims: [FEED_FORWARD, EMBED],
      data: withoutLaneZeroOutput(matrix(random, FEED_FORWARD, EMBED), FEED_FORWARD),
    },
  ];
}

function modelTensors(random: () => number, vocabulary: TinyVocabulary, layers: number) {
  const size = vocabulary.tokens.length;
  const embeddings = matrix(random, EMBED, size);
  for (let token = 0; token < size; token++) embeddings[token * EMBED] = CONSTANT_LANE_VALUE;
  // Larger output weights than the blocks' so the words' scores spread out.
  const output = matrix(random, EMBED, size).map((value) => value * 4);
  for (let token = 0; token < size; token++) {
    output[token * EMBED] = vocabulary.isWord[token] ? 0 : SUPPRESSED_WEIGHT;
  }
  const blocks = Array.from({ length: layers }, (_, block) => blockTensors(random, block));
  return [
    { name: 'token_embd.weight', dims: [EMBED, size], data: embeddings },
    ...blocks.flat(),
    { name: 'output_norm.weight', dims: [EMBED], data: new Float32Array(EMBED).fill(1) },
    { name: 'output.weight', dims: [EMBED, size], data: output },
  ];
}

/** The GGUF bytes of the tiny model. */
export function tinyGgufBytes(options: TinyModelOptions = {}): Buffer {
  const seed = options.seed ?? 1;
  const layers = options.layers ?? 2;
  const random = randomSource(seed);
  const vocabulary = tinyVocabulary(random);
  const u32 = (value: number): GgufValue => ({ type: 'u32', value });
  const metadata: Array<[string, GgufValue]> = [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: `wordbench-tiny-${seed}` }],
    ['general.file_type', u32(0)],
    ['llama.context_length', u32(CONTEXT)],
    ['llama.embedding_length', u32(EMBED)],
    ['llama.block_count', u32(layers)],
    ['llama.feed_forward_length', u32(FEED_FORWARD)],
    ['llama.attention.head_count', u32(HEADS)],
    ['llama.attention.head_count_kv', u32(HEADS)],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'f32', value: 1e-5 }],
    ['llama.rope.dimension_count', u32(EMBED / HEADS)],
    ['llama.vocab_size', u32(vocabulary.tokens.length)],
    ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'strings', value: vocabulary.tokens }],
    ['tokenizer.ggml.scores', { type: 'f32s', value: vocabulary.scores }],
    ['tokenizer.ggml.token_type', { type: 'i32s', value: vocabulary.types }],
    ['tokenizer.ggml.unknown_token_id', u32(vocabulary.unknown)],
    ['tokenizer.ggml.bos_token_id', u32(vocabulary.begin)],
    ['tokenizer.ggml.eos_token_id', u32(vocabulary.end)],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: true }],
    ['tokenizer.ggml.add_eos_token', { type: 'bool', value: false }],
    ['tokenizer.chat_template', { type: 'string', value: CHAT_TEMPLATE }],
  ];
  return encodeGguf(metadata, modelTensors(random, vocabulary, layers));
}

/** Writes the tiny model to `path` and returns the path. */
export async function writeTinyGguf(path: string, options: TinyModelOptions = {}): Promise<string> {
  await writeFile(path, tinyGgufBytes(options));
  return path;
}
