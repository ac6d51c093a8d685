import type { Memory } from '../../../../shared/api/memories';
import { LanguageSelect, type LanguageOption } from '../../components/LanguageSelect';
import { memoryLabel } from '../../components/MemorySelect';
import { memoriesFor, NEW_MEMORY, type NewJobErrors, type TargetDraft } from './new-job-form';

interface TargetLanguagesFieldProps {
  source: string;
  targets: TargetDraft[];
  options: LanguageOption[];
  memories: readonly Memory[];
  errors: NewJobErrors;
  onChange: (targets: TargetDraft[]) => void;
}

let nextKey = 1;
/** A new, empty target row. */
export const newTarget = (): TargetDraft => ({ key: nextKey++, language: '', memoryChoice: '' });

/** The languages to translate into, each with the memory its project takes. */
export function TargetLanguagesField(props: TargetLanguagesFieldProps) {
  const { source, targets, options, memories, errors, onChange } = props;
  const patch = (key: number, change: Partial<TargetDraft>) =>
    onChange(targets.map((t) => (t.key === key ? { ...t, ...change } : t)));
  return (
    <fieldset className="field job-targets" data-testid="job-targets">
      <legend>Translate into</legend>
      {targets.map((target, index) => {
        const id = `target-${target.key}`;
        const fitting = memoriesFor(memories, source, target.language);
        const memoryError = errors[`${id}-memory`];
        return (
          <div className="job-target" key={target.key} data-testid={`job-target-${index}`}>
            <LanguageSelect
              id={id}
              label={`Target language ${index + 1}`}
              value={target.language}
              options={options}
              // A memory of another pair does not fit the new language.
              onChange={(language) => patch(target.key, { language, memoryChoice: '' })}
              error={errors[id]}
              testId={`job-target-language-${index}`}
            />
            <div className="field">
              <label htmlFor={`${id}-memory`}>Memory</label>
              <select
                id={`${id}-memory`}
                value={target.memoryChoice}
                onChange={(event) => patch(target.key, { memoryChoice: event.target.value })}
                aria-invalid={memoryError ? true : undefined}
                aria-describedby={memoryError ? `${id}-memory-error` : undefined}
                data-testid={`job-target-memory-${index}`}
              >
                <option value="">Choose a memory…</option>
                {fitting.map((memory) => (
                  <option key={memory.id} value={String(memory.id)}>
                    {memoryLabel(memory)}
                  </option>
                ))}
                <option value={NEW_MEMORY}>New memory</option>
              </select>
              {memoryError ? (
                <p className="field-error" id={`${id}-memory-error`}>
                  {memoryError}
                </p>
              ) : null}
            </div>
            {targets.length > 1 ? (
              <button
                type="button"
                className="button button-small"
                aria-label={`Remove target language ${index + 1}`}
                onClick={() => onChange(targets.filter((t) => t.key !== target.key))}
              >
                Remove
              </button>
            ) : null}
          </div>
        );
      })}
      {errors.targets ? <p className="field-error">{errors.targets}</p> : null}
      <button
        type="button"
        className="button button-small"
        onClick={() => onChange([...targets, newTarget()])}
        data-testid="job-add-target"
      >
        Add a language
      </button>
    </fieldset>
  );
}
