import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../components/ErrorMessage';
import { LanguageSelect } from '../../components/LanguageSelect';
import { languageOptions } from '../../components/language-options';
import { memoryLabel } from '../../components/MemorySelect';
import { TextField } from '../../components/TextField';
import { languageQueries } from '../../queries/languages';
import { memoryQueries } from '../../queries/memories';
import { draftProblem, requestOfDraft, TEMPLATES, type GenerateDraft } from './generate-form';
import { useSavePreferences } from './mutations';
import { TextAreaField } from './TextAreaField';
import type { GenerationStart } from './use-generation';

interface GenerateFormProps {
  initial: GenerateDraft;
  isRunning: boolean;
  onGenerate: (start: GenerationStart) => void;
}

/** The template, its parameters, and the tone and style guide to write in. */
export function GenerateForm({ initial, isRunning, onGenerate }: GenerateFormProps) {
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const languages = useQuery(languageQueries.list());
  const memories = useQuery(memoryQueries.list());
  const savePreferences = useSavePreferences();
  const set =
    <K extends keyof GenerateDraft>(key: K) =>
    (value: GenerateDraft[K]) =>
      setDraft((previous) => ({ ...previous, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = draftProblem(draft);
    setProblem(found);
    if (!found) onGenerate({ request: requestOfDraft(draft) });
  };

  return (
    <form className="form create-form" onSubmit={submit} aria-label="What to generate" noValidate>
      <div className="field">
        <label htmlFor="create-template">Template</label>
        <select
          id="create-template"
          value={draft.template}
          onChange={(event) => set('template')(event.target.value)}
          data-testid="create-template"
        >
          {TEMPLATES.map((template) => (
            <option key={template.id} value={template.id}>
              {template.label}
            </option>
          ))}
        </select>
      </div>
      <TextField
        id="create-name"
        label="Name"
        isOptional
        value={draft.name}
        onValue={set('name')}
        maxLength={255}
        testId="create-name"
      />
      <LanguageSelect
        id="create-language"
        label="Language"
        value={draft.language}
        options={languageOptions(languages.data)}
        onChange={set('language')}
        testId="create-language"
      />
      <TextField
        id="create-length"
        label="Length in words"
        isOptional
        inputMode="numeric"
        value={draft.contentLength}
        onValue={set('contentLength')}
        testId="create-length"
      />
      <TextAreaField
        id="create-summary"
        label="What it is about"
        value={draft.summary}
        onValue={set('summary')}
        testId="create-summary"
      />
      <TextAreaField
        id="create-sections"
        label="Sections"
        help="One heading per line."
        value={draft.sections}
        onValue={set('sections')}
        testId="create-sections"
      />
      <div className="field">
        <label htmlFor="create-memory">
          Terms from a memory <span className="field-optional">(optional)</span>
        </label>
        <select
          id="create-memory"
          value={draft.memoryId ?? ''}
          onChange={(event) =>
            set('memoryId')(event.target.value ? Number(event.target.value) : null)
          }
          aria-describedby="create-memory-help"
          data-testid="create-memory"
        >
          <option value="">No termbase</option>
          {(memories.data ?? []).map((memory) => (
            <option key={memory.id} value={memory.id}>
              {memoryLabel(memory)}
            </option>
          ))}
        </select>
        <p className="field-help" id="create-memory-help">
          Its termbase entries found in the request are used as written.
        </p>
      </div>
      <TextField
        id="create-tone"
        label="Tone"
        isOptional
        value={draft.tone}
        onValue={set('tone')}
        maxLength={500}
        testId="create-tone"
      />
      <TextAreaField
        id="create-styleguide"
        label="Style guide"
        value={draft.styleguide}
        onValue={set('styleguide')}
        testId="create-styleguide"
      />
      <div className="form-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={isRunning}
          data-testid="create-generate"
        >
          Generate
        </button>
        <button
          type="button"
          className="button"
          disabled={savePreferences.isPending}
          onClick={() =>
            savePreferences.mutate({ tone: draft.tone.trim(), styleguide: draft.styleguide.trim() })
          }
          data-testid="create-save-preferences"
        >
          {savePreferences.isSuccess
            ? 'Saved as our preferences'
            : 'Save tone and style guide as our preferences'}
        </button>
      </div>
      {problem ? (
        <p className="field-error" role="alert" data-testid="create-form-problem">
          {problem}
        </p>
      ) : null}
      {savePreferences.error ? (
        <ErrorMessage error={savePreferences.error} title="Could not save the preferences" />
      ) : null}
    </form>
  );
}
