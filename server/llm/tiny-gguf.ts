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
  /** Embedding length; 64 by default. Larger makes every token cost more (bench:create). */
  embedding?: number;
  /** Attention heads; 4 by default. Must divide the embedding length. */
  heads?: number;
  /** Feed-forward length; twice the embedding length by default. */
  feedForward?: number;
  /** Trained context length written in the file; 2048 by default. */
  context?: number;
}

/** The sizes one model is written with. */
interface Shape {
  embed: number;
  feedForward: number;
}

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
function normSkippingLaneZero(embed: number): Float32Array {
  const data = new Float32Array(embed).fill(1);
  data[0] = 0;
  return data;
}

function blockTensors(random: () => number, block: number, shape: Shape): GgufTensor[] {
  const { embed, feedForward } = shape;
  const name = (part: string) => `blk.${block}.${part}.weight`;
  const square = (part: string): GgufTensor => ({
    name: name(part),
    dims: [embed, embed],
    data: matrix(random, embed, embed),
  });
  return [
    { name: name('attn_norm'), dims: [embed], data: normSkippingLaneZero(embed) },
    square('attn_q'),
    square('attn_k'),
    square('attn_v'),
    {
      name: name('attn_output'),
      dims: [embed, embed],
      data: withoutLaneZeroOutput(matrix(random, embed, embed), embed),
    },
    { name: name('ffn_norm'), dims: [embed], data: normSkippingLaneZero(embed) },
    {
      name: name('ffn_gate'),
      dims: [embed, feedForward],
      data: matrix(random, embed, feedForward),
    },
    {
      name: name('ffn_up'),
      dims: [embed, feedForward],
      data: matrix(random, embed, feedForward),
    },
    {
      name: name('ffn_down'),
      dims: [feedForward, embed],
      data: withoutLaneZeroOutput(matrix(random, feedForward, embed), feedForward),
    },
  ];
}

function modelTensors(
  random: () => number,
  vocabulary: TinyVocabulary,
  layers: number,
  shape: Shape,
) {
  const { embed } = shape;
  const size = vocabulary.tokens.length;
  const embeddings = matrix(random, embed, size);
  for (let token = 0; token < size; token++) embeddings[token * embed] = CONSTANT_LANE_VALUE;
  // Larger output weights than the blocks' so the words' scores spread out.
  const output = matrix(random, embed, size).map((value) => value * 4);
  for (let token = 0; token < size; token++) {
    output[token * embed] = vocabulary.isWord[token] ? 0 : SUPPRESSED_WEIGHT;
  }
  const blocks = Array.from({ length: layers }, (_, block) => blockTensors(random, block, shape));
  return [
    { name: 'token_embd.weight', dims: [embed, size], data: embeddings },
    ...blocks.flat(),
    { name: 'output_norm.weight', dims: [embed], data: new Float32Array(embed).fill(1) },
    { name: 'output.weight', dims: [embed, size], data: output },
  ];
}

/** The GGUF bytes of the tiny model. */
export function tinyGgufBytes(options: TinyModelOptions = {}): Buffer {
  const seed = options.seed ?? 1;
  const layers = options.layers ?? 2;
  const embed = options.embedding ?? 64;
  const heads = options.heads ?? 4;
  const shape: Shape = { embed, feedForward: options.feedForward ?? embed * 2 };
  if (!Number.isInteger(embed / heads)) {
    throw new Error(`the embedding length ${embed} must be a multiple of the heads ${heads}`);
  }
  const random = randomSource(seed);
  const vocabulary = tinyVocabulary(random);
  const u32 = (value: number): GgufValue => ({ type: 'u32', value });
  const metadata: Array<[string, GgufValue]> = [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: `wordbench-tiny-${seed}` }],
    ['general.file_type', u32(0)],
    ['llama.context_length', u32(options.context ?? 2048)],
    ['llama.embedding_length', u32(embed)],
    ['llama.block_count', u32(layers)],
    ['llama.feed_forward_length', u32(shape.feedForward)],
    ['llama.attention.head_count', u32(heads)],
    ['llama.attention.head_count_kv', u32(heads)],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'f32', value: 1e-5 }],
    ['llama.rope.dimension_count', u32(embed / heads)],
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
  return encodeGguf(metadata, modelTensors(random, vocabulary, layers, shape));
}

/** Writes the tiny model to `path` and returns the path. */
export async function writeTinyGguf(path: string, options: TinyModelOptions = {}): Promise<string> {
  await writeFile(path, tinyGgufBytes(options));
  return path;
}
