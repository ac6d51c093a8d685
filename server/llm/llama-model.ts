/**
 * Loads a GGUF model into the embedded llama.cpp (node-llama-cpp), with errors in words. The
 * package is imported on first use, so a server that never runs a local model never loads it;
 * that import holds the event loop for a moment (module loading, once per process), while the
 * model itself loads on llama.cpp's own threads. Hence `prepare()` at start, not on a request.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type * as NodeLlamaCpp from 'node-llama-cpp';
import type {
  ChatWrapper,
  Llama,
  LlamaContext,
  LlamaContextSequence,
  LlamaModel,
} from 'node-llama-cpp';
import type { LlamaEngineSettings } from './engine';
import { EngineError } from './errors';

type Runtime = typeof NodeLlamaCpp;

/** A loaded model with the one context and sequence generations take turns on. */
export interface LoadedModel {
  runtime: Runtime;
  model: LlamaModel;
  context: LlamaContext;
  sequence: LlamaContextSequence;
  /** Resolved once from the model's chat template, not again for every generation. */
  chatWrapper: ChatWrapper;
}

const DEFAULT_MAX_CONTEXT = 4096;
const PICK_A_MODEL = 'pick a GGUF model file (.gguf) in the engine settings';

let sharedLlama: Promise<{ runtime: Runtime; llama: Llama }> | undefined;
/** llama.cpp's latest error lines: its reason for refusing a file is only in its log. */
const recentErrors: string[] = [];

function logLlamaError(message: string): void {
  recentErrors.push(message.trim());
  if (recentErrors.length > 20) recentErrors.shift();
  console.error(`[llama.cpp] ${message.trim()}`);
}

/** What llama.cpp logged about its last failed load, without the generic last words. */
async function loadFailureReason(): Promise<string | undefined> {
  // Log lines come through a native callback queue: let the ones already sent arrive.
  await new Promise((resolve) => setImmediate(resolve));
  const reasons = recentErrors
    .map((line) => line.replace(/^(\w+: )+(error loading model: )?/, ''))
    .filter((line) => !line.includes('failed to load model'));
  return reasons.length > 0 ? [...new Set(reasons)].join('; ') : undefined;
}

/** One llama.cpp runtime per process, CPU only, from the prebuilt binary (never compiled here). */
function llamaRuntime(): Promise<{ runtime: Runtime; llama: Llama }> {
  sharedLlama ??= (async () => {
    const runtime = await import('node-llama-cpp');
    const llama = await runtime.getLlama({
      gpu: false,
      build: 'never',
      logLevel: runtime.LlamaLogLevel.error,
      logger: (level, message) => {
        if (level === runtime.LlamaLogLevel.error || level === runtime.LlamaLogLevel.fatal) {
          logLlamaError(message);
        }
      },
    });
    return { runtime, llama };
  })().catch((error: unknown) => {
    sharedLlama = undefined;
    throw new EngineError(
      'model',
      `the embedded engine cannot start llama.cpp on this machine (${(error as Error).message}); ` +
        'use an OpenAI-compatible engine instead',
      { cause: error },
    );
  });
  return sharedLlama;
}

async function checkModelFile(modelPath: string): Promise<void> {
  const info = await stat(modelPath).catch(() => undefined);
  if (!info) throw new EngineError('model', `no model file at ${modelPath}: ${PICK_A_MODEL}`);
  if (!info.isFile()) throw new EngineError('model', `${modelPath} is not a file: ${PICK_A_MODEL}`);
}

export async function loadModel(settings: LlamaEngineSettings): Promise<LoadedModel> {
  await checkModelFile(settings.modelPath);
  const { runtime, llama } = await llamaRuntime();
  const name = basename(settings.modelPath);
  let model: LlamaModel;
  try {
    recentErrors.length = 0;
    model = await llama.loadModel({ modelPath: settings.modelPath });
  } catch (error) {
    const reason = (await loadFailureReason()) ?? (error as Error).message;
    throw new EngineError(
      'model',
      `${name} is not a model llama.cpp can load (${reason}): ${PICK_A_MODEL}`,
      { cause: error },
    );
  }
  try {
    const context = await model.createContext({
      contextSize: settings.contextSize ?? { max: DEFAULT_MAX_CONTEXT },
      ...(settings.threads === undefined ? {} : { threads: settings.threads }),
    });
    const chatWrapper = runtime.resolveChatWrapper(model);
    return { runtime, model, context, sequence: context.getSequence(), chatWrapper };
  } catch (error) {
    await model.dispose();
    throw new EngineError(
      'model',
      `${name} loaded, but its context does not fit in memory (${(error as Error).message}): ` +
        'choose a smaller context size or a smaller model',
      { cause: error },
    );
  }
}

export async function unloadModel(loaded: LoadedModel): Promise<void> {
  await loaded.context.dispose();
  await loaded.model.dispose();
}
