import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isDesktopHost } from '../../../bridge';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { createQueries } from '../../../queries/create';
import {
  describeEngine,
  draftOfEngine,
  engineDraftProblem,
  engineUpdateOfDraft,
  type EngineDraft,
  type EngineKind,
} from './engine-draft';
import { EngineKindFields } from './EngineKindFields';
import { pickModelFile, useSetCreateEngine, useTestCreateEngine } from './mutations';

const KINDS: { kind: EngineKind; label: string }[] = [
  { kind: 'default', label: "The server's default" },
  { kind: 'none', label: 'None: no generation' },
  { kind: 'openai', label: 'OpenAI-compatible server (Ollama, llama.cpp, vLLM, a service)' },
  { kind: 'llama', label: 'Embedded model file (GGUF), runs offline' },
];

/** "Create engine": what the Create view generates with, and a test that writes a few words. */
export function CreateEngineSection() {
  const engine = useQuery(createQueries.engine());
  return (
    <section className="card" aria-labelledby="create-engine-heading" data-testid="create-engine">
      <h2 id="create-engine-heading">Create engine</h2>
      <p className="muted">The text engine that writes Create contents for your organization.</p>
      {engine.isPending ? <p className="muted">Loading…</p> : null}
      {engine.error ? (
        <ErrorMessage
          error={engine.error}
          title="Could not read the Create engine"
          onRetry={() => void engine.refetch()}
        />
      ) : null}
      {engine.data ? (
        <>
          <p data-testid="create-engine-current">In use: {describeEngine(engine.data)}</p>
          <EngineForm
            key={JSON.stringify(engine.data)}
            initial={draftOfEngine(engine.data)}
            hasApiKey={engine.data.hasApiKey === true}
          />
        </>
      ) : null}
    </section>
  );
}

function EngineForm({ initial, hasApiKey }: { initial: EngineDraft; hasApiKey: boolean }) {
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetCreateEngine();
  const test = useTestCreateEngine();
  const change = (patch: Partial<EngineDraft>) =>
    setDraft((previous) => ({ ...previous, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = engineDraftProblem(draft);
    setProblem(found);
    if (!found) save.mutate(engineUpdateOfDraft(draft), { onSuccess: () => test.reset() });
  };
  const pick = () =>
    void pickModelFile().then((modelPath) => {
      if (modelPath) change({ modelPath });
    });

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Create engine">
      <fieldset className="field">
        <legend>Engine</legend>
        {KINDS.map(({ kind, label }) => (
          <label key={kind} className="choice">
            <input
              type="radio"
              name="create-engine-kind"
              value={kind}
              checked={draft.kind === kind}
              onChange={() => change({ kind })}
              data-testid={`create-engine-kind-${kind}`}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <EngineKindFields
        draft={draft}
        hasApiKey={hasApiKey}
        canPickFile={isDesktopHost()}
        onChange={change}
        onPickFile={pick}
      />
      {problem ? (
        <p className="field-error" role="alert" data-testid="create-engine-problem">
          {problem}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={save.isPending}
          data-testid="create-engine-save"
        >
          {save.isPending ? 'Saving…' : 'Save engine'}
        </button>
        <button
          type="button"
          className="button"
          disabled={test.isPending}
          onClick={() => test.mutate()}
          data-testid="create-engine-test"
        >
          {test.isPending ? 'Testing…' : 'Test'}
        </button>
      </div>
      {save.error ? <ErrorMessage error={save.error} title="Could not save the engine" /> : null}
      {test.error ? (
        <ErrorMessage
          error={test.error}
          title="The engine test failed"
          testId="create-engine-test-error"
        />
      ) : null}
      {test.data ? (
        <div
          className="notice notice-success"
          role="status"
          data-testid="create-engine-test-result"
        >
          <p className="notice-title">The engine answered</p>
          <p>{test.data.text || '(no text)'}</p>
          <p className="muted" data-testid="create-engine-test-timing">
            First piece after {test.data.firstTokenMs} ms.
          </p>
        </div>
      ) : null}
    </form>
  );
}
