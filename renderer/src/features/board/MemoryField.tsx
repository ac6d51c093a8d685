import { useQuery } from '@tanstack/react-query';
import { languageQueries } from '../../queries/languages';
import { MemoryFields } from '../../components/MemoryFields';
import { memoryQueries } from '../../queries/memories';
import { languageOptions } from '../../components/language-options';
import { pairLabel } from '../../components/project-format';
import { NEW_MEMORY, type ProjectFormErrors, type ProjectFormValues } from './create-project-form';

interface MemoryFieldProps {
  values: ProjectFormValues;
  errors: ProjectFormErrors;
  onChange: (patch: Partial<ProjectFormValues>) => void;
}

/** Pick the project's memory (its language pair comes with it), or describe a new one inline. */
export function MemoryField({ values, errors, onChange }: MemoryFieldProps) {
  const memories = useQuery(memoryQueries.list());
  const languages = useQuery(languageQueries.list());
  const options = languageOptions(languages.data);
  const isNew = values.memoryChoice === NEW_MEMORY;
  return (
    <>
      <div className="field">
        <label htmlFor="project-memory">Memory</label>
        <select
          id="project-memory"
          value={values.memoryChoice}
          onChange={(event) => onChange({ memoryChoice: event.target.value })}
          aria-invalid={errors.memoryChoice ? true : undefined}
          aria-describedby={errors.memoryChoice ? 'project-memory-error' : 'project-memory-help'}
          data-testid="project-memory"
        >
          <option value="">{memories.isPending ? 'Loading memories…' : 'Choose a memory…'}</option>
          {memories.data?.map((memory) => (
            <option key={memory.id} value={String(memory.id)}>
              {memory.name} ({pairLabel(memory.srclang, memory.trglang)})
            </option>
          ))}
          <option value={NEW_MEMORY}>Create a new memory…</option>
        </select>
        {errors.memoryChoice ? (
          <p className="field-error" id="project-memory-error">
            {errors.memoryChoice}
          </p>
        ) : (
          <p className="field-help" id="project-memory-help">
            The project translates between the memory’s languages.
          </p>
        )}
        {memories.isError ? (
          <p className="field-error">
            The memories could not be loaded. You can still create a new one here.
          </p>
        ) : null}
      </div>
      {isNew ? (
        <fieldset className="inline-memory" data-testid="new-memory-fields">
          <legend>New memory</legend>
          <MemoryFields
            idPrefix="new-memory"
            values={{
              name: values.newMemoryName,
              srclang: values.srclang,
              trglang: values.trglang,
            }}
            errors={{
              name: errors.newMemoryName,
              srclang: errors.srclang,
              trglang: errors.trglang,
            }}
            options={options}
            onChange={({ name, ...pair }) =>
              onChange(name === undefined ? pair : { ...pair, newMemoryName: name })
            }
          />
        </fieldset>
      ) : null}
    </>
  );
}
