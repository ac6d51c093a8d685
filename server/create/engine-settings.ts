import { lookup } from 'node:dns/promises';
import { stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { isIP } from 'node:net';
import type { CreateEngine, CreateEngineUpdate } from '../../shared/api/create';
import { badRequest, forbidden } from '../http/http-error';
import type { EngineSettings } from '../llm/engine';
import { AddressRefusedError, refusedKind } from '../net/address-guard';
import type { CreateSettingsRow, EngineColumns } from './queries';

/** Create's server options. */
export interface CreateOptions {
  /** The engine of organizations that set none (`--create-engine-url`/`--create-model-file`). */
  defaultEngine?: EngineSettings;
  /**
   * A team server (PostgreSQL) refuses `llama` model paths and base URLs on private or loopback
   * addresses unless this is true (`--create-allow-local-engines`).
   */
  allowLocalEngines?: boolean;
  /**
   * CPU threads of every embedded engine this server makes (`--create-threads`): llama.cpp's
   * threads spin while they wait, so on a busy machine its default can be far slower.
   */
  threads?: number;
}

/** Settings with the server's thread count, for an embedded engine that names none. */
export function withThreads(
  settings: EngineSettings | null,
  threads: number | undefined,
): EngineSettings | null {
  if (settings?.kind !== 'llama' || threads === undefined || settings.threads !== undefined) {
    return settings;
  }
  return { ...settings, threads };
}

/** The engine an organization's generations use, and where that setting comes from. */
export interface EffectiveEngine {
  settings: EngineSettings | null;
  source: 'organization' | 'server';
}

export const ALLOW_LOCAL_HINT =
  'start the server with --create-allow-local-engines (or WORDBENCH_CREATE_ALLOW_LOCAL_ENGINES=1) ' +
  'to allow them';

/** The refusal's advice when an organization's engine would connect to a private address. */
const PUBLIC_ONLY_ADVICE = `a team server uses engines on public addresses only: ${ALLOW_LOCAL_HINT}`;

/**
 * The engine of an organization. On a team server, an engine the organization set may connect
 * to public addresses only, checked again on every connection (a name that resolved to a public
 * address when saved may not later reach the server's machine or networks); the server's own
 * default engine, chosen by whoever started it, is not limited.
 */
export function effectiveEngine(
  row: CreateSettingsRow | undefined,
  options: CreateOptions,
  isTeamServer = false,
): EffectiveEngine {
  const { source, settings } = storedEngine(row, options.defaultEngine);
  const isLimited = isTeamServer && !options.allowLocalEngines;
  if (source === 'organization' && settings?.kind === 'openai' && isLimited) {
    return { source, settings: { ...settings, publicOnly: { advice: PUBLIC_ONLY_ADVICE } } };
  }
  return { source, settings: withThreads(settings, options.threads) };
}

function storedEngine(
  row: CreateSettingsRow | undefined,
  defaultEngine: EngineSettings | undefined,
): EffectiveEngine {
  switch (row?.engine_kind ?? null) {
    case 'openai':
      return {
        source: 'organization',
        settings: {
          kind: 'openai',
          baseUrl: row!.engine_base_url!,
          model: row!.engine_model!,
          ...(row!.engine_api_key ? { apiKey: row!.engine_api_key } : {}),
        },
      };
    case 'llama':
      return {
        source: 'organization',
        settings: { kind: 'llama', modelPath: row!.engine_model_path! },
      };
    case 'none':
      return { source: 'organization', settings: null };
    default:
      return { source: 'server', settings: defaultEngine ?? null };
  }
}

/** The wire form: never the API key, only whether there is one. */
export function engineToWire({ settings, source }: EffectiveEngine): CreateEngine {
  if (!settings) return { kind: 'none', source };
  if (settings.kind === 'llama') return { kind: 'llama', source, modelPath: settings.modelPath };
  const { baseUrl, model, apiKey } = settings;
  return { kind: 'openai', source, baseUrl, model, hasApiKey: Boolean(apiKey) };
}

export const NO_ENGINE_MESSAGE =
  'No text generation engine is configured for Create: PUT /v2/create/engine with ' +
  '{"kind": "openai", "baseUrl": "http://127.0.0.1:11434/v1", "model": "..."} for an ' +
  'OpenAI-compatible server (Ollama, llama.cpp server, vLLM, LM Studio, a hosted service) or ' +
  '{"kind": "llama", "modelPath": "/path/to/model.gguf"} for a GGUF model file, or start the ' +
  'server with --create-engine-url and --create-engine-model, or --create-model-file';

interface CheckContext {
  isTeamServer: boolean;
  allowLocalEngines: boolean;
  stored: CreateSettingsRow | undefined;
}

async function checkBaseUrl(text: string, context: CheckContext): Promise<string> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest(`body field baseUrl: ${text} is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badRequest('body field baseUrl: must be an http or https URL');
  }
  if (url.username || url.password) {
    throw badRequest('body field baseUrl: must not carry credentials; send apiKey instead');
  }
  if (context.isTeamServer && !context.allowLocalEngines) await refusePrivate(url.hostname);
  return text.replace(/\/+$/, '');
}

/** A team server's users may not point it at its own machine or the networks behind it. */
async function refusePrivate(hostname: string): Promise<void> {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((entry) => entry.address);
    } catch {
      throw badRequest(`body field baseUrl: the host ${host} does not resolve`);
    }
  }
  for (const address of addresses) {
    const kind = refusedKind(address);
    if (kind)
      throw forbidden(new AddressRefusedError(host, address, kind, PUBLIC_ONLY_ADVICE).message);
  }
}

async function checkModelPath(path: string, context: CheckContext): Promise<string> {
  if (context.isTeamServer && !context.allowLocalEngines) {
    throw forbidden(
      `refused: a team server does not run model files its users name: ${ALLOW_LOCAL_HINT}`,
    );
  }
  if (!isAbsolute(path)) throw badRequest('body field modelPath: must be an absolute path');
  const found = await stat(path).catch(() => null);
  if (!found?.isFile()) throw badRequest(`body field modelPath: no model file at ${path}`);
  return path;
}

const NO_ENGINE: Omit<EngineColumns, 'engine_kind'> = {
  engine_base_url: null,
  engine_model: null,
  engine_api_key: null,
  engine_model_path: null,
};

/** Checks a PUT /v2/create/engine body and answers the columns to store. */
export async function engineColumns(
  update: CreateEngineUpdate,
  context: CheckContext,
): Promise<EngineColumns> {
  switch (update.kind) {
    case 'default':
      return { engine_kind: null, ...NO_ENGINE };
    case 'none':
      return { engine_kind: 'none', ...NO_ENGINE };
    case 'llama':
      return {
        ...NO_ENGINE,
        engine_kind: 'llama',
        engine_model_path: await checkModelPath(update.modelPath, context),
      };
    case 'openai': {
      const baseUrl = await checkBaseUrl(update.baseUrl, context);
      const { stored } = context;
      // A kept key goes only to the address it was given for.
      const kept =
        stored?.engine_kind === 'openai' && stored.engine_base_url === baseUrl
          ? stored.engine_api_key
          : null;
      const apiKey = update.apiKey === undefined ? kept : update.apiKey || null;
      return {
        ...NO_ENGINE,
        engine_kind: 'openai',
        engine_base_url: baseUrl,
        engine_model: update.model.trim(),
        engine_api_key: apiKey,
      };
    }
  }
}
