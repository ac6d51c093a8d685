import type { CreateEngine, CreateEngineUpdate } from '../../../../../shared/api/create';

export type EngineKind = 'default' | 'none' | 'openai' | 'llama';

export interface EngineDraft {
  kind: EngineKind;
  baseUrl: string;
  model: string;
  /** A new key; empty keeps the stored one. */
  apiKey: string;
  removeApiKey: boolean;
  modelPath: string;
}

/** The form as the engine now is: the organization's setting, or the server's default. */
export function draftOfEngine(engine: CreateEngine | undefined): EngineDraft {
  return {
    kind: !engine ? 'none' : engine.source === 'server' ? 'default' : engine.kind,
    baseUrl: engine?.baseUrl ?? '',
    model: engine?.model ?? '',
    apiKey: '',
    removeApiKey: false,
    modelPath: engine?.modelPath ?? '',
  };
}

/** What is wrong with the draft, in words, or null. */
export function engineDraftProblem(draft: EngineDraft): string | null {
  if (draft.kind === 'openai') {
    let url: URL | null = null;
    try {
      url = new URL(draft.baseUrl.trim());
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      return 'The base URL is an http or https address, such as http://127.0.0.1:11434/v1.';
    }
    if (!draft.model.trim()) return 'Name the model, such as llama3.2.';
  }
  if (draft.kind === 'llama' && !draft.modelPath.trim()) {
    return 'Give the path of a GGUF model file.';
  }
  return null;
}

/** The `PUT /v2/create/engine` body of a valid draft. */
export function engineUpdateOfDraft(draft: EngineDraft): CreateEngineUpdate {
  if (draft.kind === 'openai') {
    const key = draft.apiKey.trim();
    return {
      kind: 'openai',
      baseUrl: draft.baseUrl.trim(),
      model: draft.model.trim(),
      ...(key ? { apiKey: key } : draft.removeApiKey ? { apiKey: null } : {}),
    };
  }
  if (draft.kind === 'llama') return { kind: 'llama', modelPath: draft.modelPath.trim() };
  return { kind: draft.kind };
}

/** One line on the engine now in use. */
export function describeEngine(engine: CreateEngine): string {
  const origin = engine.source === 'server' ? "the server's default" : 'set for your organization';
  if (engine.kind === 'openai') return `${engine.model} at ${engine.baseUrl} (${origin})`;
  if (engine.kind === 'llama') return `the model file ${engine.modelPath} (${origin})`;
  return `none: generation is off (${origin})`;
}
