import { statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { CreateOptions } from '../create/register';
import { UsageError } from './args-error';

/** The server options of Create (issue 17), for the usage text. */
export const CREATE_USAGE = `  --create-engine-url URL  Create's default engine: an OpenAI-compatible server, up to
                         its version (http://127.0.0.1:11434/v1 for Ollama), with
                         --create-engine-model NAME; its key, if any, only from the env
                         WORDBENCH_CREATE_ENGINE_KEY (env WORDBENCH_CREATE_ENGINE_URL,
                         WORDBENCH_CREATE_ENGINE_MODEL)
  --create-model-file FILE  Create's default engine: a GGUF model file run embedded
                         (env WORDBENCH_CREATE_MODEL_FILE)
  --create-threads N     CPU threads of every embedded engine (default: node-llama-cpp's
                         choice; set it low on a busy machine) (env WORDBENCH_CREATE_THREADS)
  --create-allow-local-engines  let a team server's organizations set llama model files
                         and base URLs on private or loopback addresses (env
                         WORDBENCH_CREATE_ALLOW_LOCAL_ENGINES=1)
`;

/** parseArgs options of Create. */
export const CREATE_OPTIONS = {
  'create-engine-url': { type: 'string' },
  'create-engine-model': { type: 'string' },
  'create-model-file': { type: 'string' },
  'create-allow-local-engines': { type: 'boolean' },
  'create-threads': { type: 'string' },
} as const;

interface CreateValues {
  'create-engine-url'?: string;
  'create-engine-model'?: string;
  'create-model-file'?: string;
  'create-allow-local-engines'?: boolean;
  'create-threads'?: string;
}

function threadCount(text: string): number {
  const threads = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(threads) || threads < 1) {
    throw new UsageError(`--create-threads must be a whole number of threads from 1: ${text}`);
  }
  return threads;
}

function engineUrl(text: string, source: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${source} is not a URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${source} must be an http or https URL`);
  }
  return text.replace(/\/+$/, '');
}

/** Create's options from the flags, each falling back to its environment variable. */
export function createArgs(
  values: CreateValues,
  env: NodeJS.ProcessEnv,
): { create?: CreateOptions } {
  const url = values['create-engine-url'] ?? (env.WORDBENCH_CREATE_ENGINE_URL || undefined);
  const model = values['create-engine-model'] ?? (env.WORDBENCH_CREATE_ENGINE_MODEL || undefined);
  const file = values['create-model-file'] ?? (env.WORDBENCH_CREATE_MODEL_FILE || undefined);
  const allowLocalEngines =
    values['create-allow-local-engines'] ?? env.WORDBENCH_CREATE_ALLOW_LOCAL_ENGINES === '1';
  if (file !== undefined && (url !== undefined || model !== undefined)) {
    throw new UsageError(
      '--create-model-file and --create-engine-url are two different engines: give one',
    );
  }
  if ((url === undefined) !== (model === undefined)) {
    throw new UsageError('--create-engine-url and --create-engine-model go together');
  }
  const threads = values['create-threads'] ?? (env.WORDBENCH_CREATE_THREADS || undefined);
  const create: CreateOptions = allowLocalEngines ? { allowLocalEngines } : {};
  if (threads !== undefined) create.threads = threadCount(threads);
  if (url !== undefined && model !== undefined) {
    const apiKey = env.WORDBENCH_CREATE_ENGINE_KEY || undefined;
    create.defaultEngine = {
      kind: 'openai',
      baseUrl: engineUrl(url, '--create-engine-url'),
      model,
      ...(apiKey ? { apiKey } : {}),
    };
  }
  if (file !== undefined) {
    const modelPath = isAbsolute(file) ? file : resolve(file);
    if (!statSync(modelPath, { throwIfNoEntry: false })?.isFile()) {
      throw new UsageError(`--create-model-file: no file at ${modelPath}`);
    }
    create.defaultEngine = { kind: 'llama', modelPath };
  }
  return Object.keys(create).length > 0 ? { create } : {};
}
