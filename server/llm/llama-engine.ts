/**
 * The embedded engine: llama.cpp through node-llama-cpp, running a GGUF model file, no network.
 * The model loads once, lazily (or ahead of time through `prepare()`), with one context whose
 * sequence generations take turns on. Each generation is a fresh chat session, so the model's
 * own chat template formats the system and user messages; pieces stream from onTextChunk.
 */
import { basename } from 'node:path';
import type { GenerationRequest, LlamaEngineSettings, TextEngine } from './engine';
import { EngineError } from './errors';
import { loadModel, unloadModel, type LoadedModel } from './llama-model';
import { OneAtATime } from './one-at-a-time';
import { PieceQueue } from './piece-queue';

export function createLlamaEngine(settings: LlamaEngineSettings): TextEngine {
  if (!settings.modelPath.trim()) {
    throw new EngineError('settings', 'the embedded engine needs a GGUF model file');
  }
  for (const [name, value] of [
    ['context size', settings.contextSize],
    ['thread count', settings.threads],
  ] as const) {
    if (value !== undefined && !(Number.isInteger(value) && value > 0)) {
      throw new EngineError('settings', `the ${name} must be a whole number above 0, not ${value}`);
    }
  }
  let loading: Promise<LoadedModel> | undefined;
  let isClosed = false;
  const turns = new OneAtATime();
  /** The stop switches of running generations, for close(). */
  const running = new Set<{ stop: AbortController; done: Promise<void> }>();

  const loaded = (): Promise<LoadedModel> => {
    loading ??= loadModel(settings).catch((error: unknown) => {
      // A file fixed or replaced later loads on the next request.
      loading = undefined;
      throw error;
    });
    return loading;
  };

  async function* stream(request: GenerationRequest): AsyncGenerator<string> {
    if (isClosed) throw new EngineError('closed', 'the engine was closed');
    if (request.signal.aborted) return;
    const model = await unlessAborted(loaded(), request.signal);
    const release = model && (await turns.take(request.signal));
    if (!model || !release) return;
    if (isClosed) {
      release();
      throw new EngineError('closed', 'the engine was closed');
    }
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    request.signal.addEventListener('abort', onAbort, { once: true });
    const pieces = new PieceQueue();
    // Ends the reader at once on abort; the generation itself stops after the token in hand.
    stop.signal.addEventListener('abort', () => pieces.discard(), { once: true });
    const generation = { stop, done: generate(model, request, stop.signal, pieces) };
    running.add(generation);
    try {
      yield* pieces;
    } finally {
      stop.abort();
      await generation.done;
      running.delete(generation);
      request.signal.removeEventListener('abort', onAbort);
      release();
    }
  }

  return {
    description: `llama.cpp: ${basename(settings.modelPath)}`,
    stream,
    prepare: async () => {
      await loaded();
    },
    close: async () => {
      isClosed = true;
      for (const generation of running) generation.stop.abort();
      await Promise.all([...running].map((generation) => generation.done));
      const model = await loading?.catch(() => undefined);
      loading = undefined;
      if (model) await unloadModel(model);
    },
  };
}

/** The promise's value, or undefined as soon as the signal aborts (a model still loading). */
async function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  let onAbort!: () => void;
  const aborted = new Promise<undefined>((resolve) => (onAbort = () => resolve(undefined)));
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([promise, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Runs one chat turn on the shared sequence, pushing its text; never rejects. */
async function generate(
  { runtime, sequence, chatWrapper }: LoadedModel,
  request: GenerationRequest,
  signal: AbortSignal,
  pieces: PieceQueue,
): Promise<void> {
  let session: InstanceType<typeof runtime.LlamaChatSession> | undefined;
  try {
    await sequence.clearHistory();
    session = new runtime.LlamaChatSession({
      contextSequence: sequence,
      chatWrapper,
      systemPrompt: request.system,
      autoDisposeSequence: false,
    });
    if (!request.system) session.setChatHistory([]);
    await session.prompt(request.prompt, {
      maxTokens: request.maxTokens,
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      signal,
      stopOnAbortSignal: true,
      onTextChunk: (text) => {
        if (text) pieces.push(text);
      },
    });
    pieces.end();
  } catch (error) {
    pieces.end(
      new EngineError('failed', `llama.cpp failed to generate: ${(error as Error).message}`, {
        cause: error,
      }),
    );
  } finally {
    session?.dispose({ disposeSequence: false });
  }
}
