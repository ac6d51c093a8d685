/**
 * Text generation engines for Create (issue 17): an OpenAI-compatible HTTP engine (Ollama, the
 * llama.cpp server, vLLM, LM Studio, hosted services) and an embedded llama.cpp engine running a
 * GGUF model file. The routes see only `TextEngine`.
 */
import { EngineError } from './errors';
import { createLlamaEngine } from './llama-engine';
import { createOpenAiEngine } from './openai-engine';

/** One generation: the system message, the user's prompt, and how far to go. */
export interface GenerationRequest {
  system: string;
  prompt: string;
  /** The most tokens the engine may generate. */
  maxTokens: number;
  /** Sampling temperature; the engine's default when absent. */
  temperature?: number;
  /** Stops the generation: the stream ends quietly and the engine computes no more tokens. */
  signal: AbortSignal;
}

export interface TextEngine {
  /** What and where, for logs and settings: `llama.cpp: tiny.gguf`, `OpenAI-compatible: ... (model)`. */
  readonly description: string;
  /**
   * The text as the engine generates it, in pieces. Ends when the engine is done, at `maxTokens`,
   * or quietly when the signal aborts or the caller stops iterating. Failures throw `EngineError`.
   */
  stream(request: GenerationRequest): AsyncIterable<string>;
  /**
   * Gets ready ahead of the first request (the embedded engine loads its model), so that request
   * does not wait for it. Optional to call; rejects with the error the first request would get.
   */
  prepare(): Promise<void>;
  /** Stops any generation and frees the engine; later streams fail with a `closed` EngineError. */
  close(): Promise<void>;
}

export interface OpenAiEngineSettings {
  kind: 'openai';
  /** Up to and including the version: `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** How long the engine may stay silent, before its first byte and between pieces (60 s). */
  timeoutMs?: number;
  /**
   * Connect to public addresses only (an organization's engine on a team server), checked on
   * every connection (public-only.ts); `advice` says in the refusal how to allow local engines;
   * `allow` lists hosts and networks let through anyway (as webhooks' webhookAllow).
   */
  publicOnly?: { advice: string; allow?: string[] };
}

export interface LlamaEngineSettings {
  kind: 'llama';
  /** A GGUF model file on this machine. */
  modelPath: string;
  /** Tokens of context (prompt and answer); the model's own size up to 4096 by default. */
  contextSize?: number;
  /** CPU threads for generation; node-llama-cpp's choice by default. */
  threads?: number;
}

export type EngineSettings = OpenAiEngineSettings | LlamaEngineSettings;

/** The engine the settings describe. Cheap: nothing connects or loads until it is used. */
export function createEngine(settings: EngineSettings): TextEngine {
  switch (settings.kind) {
    case 'openai':
      return createOpenAiEngine(settings);
    case 'llama':
      return createLlamaEngine(settings);
    default:
      throw new EngineError('settings', `unknown engine kind: ${String(settings satisfies never)}`);
  }
}

export { EngineError, type EngineErrorCode } from './errors';
