import { TextField } from '../../../components/TextField';
import type { EngineDraft } from './engine-draft';

interface EngineKindFieldsProps {
  draft: EngineDraft;
  hasApiKey: boolean;
  /** Offers a file dialog for the model (the desktop app); the browser types the path. */
  canPickFile: boolean;
  onChange: (patch: Partial<EngineDraft>) => void;
  onPickFile: () => void;
}

/** The fields of the chosen engine: an OpenAI-compatible server, or a model file. */
export function EngineKindFields({
  draft,
  hasApiKey,
  canPickFile,
  onChange,
  onPickFile,
}: EngineKindFieldsProps) {
  if (draft.kind === 'openai') {
    return (
      <>
        <TextField
          id="create-engine-url"
          label="Base URL"
          value={draft.baseUrl}
          onValue={(baseUrl) => onChange({ baseUrl })}
          help="Up to the API version: http://127.0.0.1:11434/v1 for Ollama, or a hosted service."
          testId="create-engine-url"
        />
        <TextField
          id="create-engine-model"
          label="Model"
          value={draft.model}
          onValue={(model) => onChange({ model })}
          testId="create-engine-model"
        />
        <TextField
          id="create-engine-key"
          label="API key"
          type="password"
          autoComplete="off"
          isOptional
          value={draft.apiKey}
          onValue={(apiKey) => onChange({ apiKey })}
          help={
            hasApiKey
              ? 'A key is stored; leave this empty to keep it.'
              : 'Only if the service asks for one.'
          }
          testId="create-engine-key"
        />
        {hasApiKey ? (
          <label className="choice">
            <input
              type="checkbox"
              checked={draft.removeApiKey}
              onChange={(event) => onChange({ removeApiKey: event.target.checked })}
              data-testid="create-engine-remove-key"
            />
            Remove the stored key
          </label>
        ) : null}
      </>
    );
  }
  if (draft.kind === 'llama') {
    return (
      <>
        <TextField
          id="create-engine-path"
          label="Model file"
          value={draft.modelPath}
          onValue={(modelPath) => onChange({ modelPath })}
          help="A GGUF file on the machine the server runs on; it is loaded when you save."
          spellCheck={false}
          testId="create-engine-path"
        />
        {canPickFile ? (
          <button
            type="button"
            className="button"
            onClick={onPickFile}
            data-testid="create-engine-pick"
          >
            Choose a file…
          </button>
        ) : null}
      </>
    );
  }
  return null;
}
