import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Memory } from '../../../../shared/api/memories';
import { ErrorMessage } from '../../components/ErrorMessage';
import { ModalDialog } from '../../components/ModalDialog';
import { languageOptions } from '../../components/language-options';
import { memoryLanguages } from '../../components/language-tag';
import { languageQueries } from '../../queries/languages';
import { MemoryFields } from '../../components/MemoryFields';
import { useCreateMemory } from '../../queries/memory-mutations';
import { useMemoriesStore } from './memories-store';
import { validateMemoryForm, type MemoryFormErrors, type MemoryFormValues } from './memory-form';

const FIELD_IDS: Record<keyof MemoryFormValues, string> = {
  name: 'create-memory-name',
  srclang: 'create-memory-srclang',
  trglang: 'create-memory-trglang',
};
const FIELD_ORDER = Object.keys(FIELD_IDS) as (keyof MemoryFormValues)[];

/** Name and language pair. The new memory opens at once, ready for an import. */
export function CreateMemoryDialog({ onCreated }: { onCreated: (memory: Memory) => void }) {
  const { closeDialog, showNotice } = useMemoriesStore.getState();
  const languages = useQuery(languageQueries.list());
  const options = languageOptions(languages.data);
  const [values, setValues] = useState<MemoryFormValues>({ name: '', srclang: '', trglang: '' });
  const [errors, setErrors] = useState<MemoryFormErrors>({});
  const createMemory = useCreateMemory();
  const change = (patch: Partial<MemoryFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = validateMemoryForm(values);
    setErrors(problems);
    const firstInvalid = FIELD_ORDER.find((field) => problems[field]);
    if (firstInvalid) {
      document.getElementById(FIELD_IDS[firstInvalid])?.focus();
      return;
    }
    const languages = memoryLanguages(values.srclang, values.trglang);
    if (!languages) return;
    createMemory.mutate(
      { name: values.name.trim(), ...languages },
      {
        onSuccess: (memory) => {
          closeDialog();
          showNotice(
            `Created “${memory.name}”. Drop a TMX, XLIFF, CSV or TBX file on it to fill it.`,
          );
          onCreated(memory);
        },
      },
    );
  };

  return (
    <ModalDialog
      labelledBy="create-memory-title"
      testId="create-memory-dialog"
      onClose={closeDialog}
      className="modal-form"
    >
      <form className="form" onSubmit={submit} noValidate>
        <div className="modal-body">
          <h2 id="create-memory-title">New memory</h2>
          <MemoryFields
            idPrefix="create-memory"
            values={values}
            errors={errors}
            options={options}
            onChange={change}
          />
          {languages.isError ? (
            <p className="field-help">
              The server’s languages could not be loaded: choose “Other code…” to type one.
            </p>
          ) : null}
          {createMemory.isError ? (
            <ErrorMessage error={createMemory.error} title="The memory was not created" />
          ) : null}
        </div>
        <div className="modal-actions">
          <button
            type="button"
            className="button"
            onClick={closeDialog}
            data-testid="create-memory-cancel"
          >
            Cancel
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={createMemory.isPending}
            data-testid="create-memory-submit"
          >
            {createMemory.isPending ? 'Creating…' : 'Create memory'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
