import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../components/ErrorMessage';
import { ModalDialog } from '../../components/ModalDialog';
import { useBoardStore } from '../../stores/board-store';
import { useCreateMemory } from '../../queries/memory-mutations';
import { memoryQueries } from '../../queries/memories';
import {
  dueDateToEpoch,
  hasInvalidLanguageTag,
  NEW_MEMORY,
  newMemoryLanguages,
  validateProjectForm,
  type ProjectFormErrors,
  type ProjectFormField,
  type ProjectFormValues,
} from './create-project-form';
import { MachineTranslationNotice } from './MachineTranslationNotice';
import { MemoryField } from './MemoryField';
import { useCreateProject } from './mutations';
import { TextField } from '../../components/TextField';

const EMPTY: ProjectFormValues = {
  name: '',
  memoryChoice: '',
  newMemoryName: '',
  srclang: '',
  trglang: '',
  dueDate: '',
};

/** Each field's element, in the order the form shows them: the first wrong one takes the focus. */
const FIELD_IDS: Record<ProjectFormField, string> = {
  name: 'project-name',
  memoryChoice: 'project-memory',
  newMemoryName: 'new-memory-name',
  srclang: 'new-memory-srclang',
  trglang: 'new-memory-trglang',
  dueDate: 'project-due-date',
};
const FIELD_ORDER = Object.keys(FIELD_IDS) as ProjectFormField[];

/** Name, memory (or a new one), due date. New projects start in Backlog. */
export function CreateProjectDialog() {
  const { closeDialog, announce, requestFocus } = useBoardStore.getState();
  const memories = useQuery(memoryQueries.list());
  const [draft, setDraft] = useState<Partial<ProjectFormValues>>({});
  const [errors, setErrors] = useState<ProjectFormErrors>({});
  const [failure, setFailure] = useState<{ title: string; error: unknown } | null>(null);
  const createMemory = useCreateMemory();
  const createProject = useCreateProject();
  // With no memories yet, creating one is the only way forward.
  const defaultChoice = memories.data?.length === 0 ? NEW_MEMORY : '';
  const values: ProjectFormValues = { ...EMPTY, memoryChoice: defaultChoice, ...draft };
  const isBusy = createMemory.isPending || createProject.isPending;
  const isTagInvalid = hasInvalidLanguageTag(values);

  const change = (patch: Partial<ProjectFormValues>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // A field being fixed no longer shows what was wrong with it at the last submit.
    setErrors((e) => {
      const rest = { ...e };
      for (const field of Object.keys(patch) as ProjectFormField[]) delete rest[field];
      return rest;
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = validateProjectForm(values);
    setErrors(problems);
    setFailure(null);
    const firstInvalid = FIELD_ORDER.find((field) => problems[field]);
    if (firstInvalid) {
      document.getElementById(FIELD_IDS[firstInvalid])?.focus();
      return;
    }
    let memoryId = Number(values.memoryChoice);
    // Validated above: with a new memory, both tags are well formed.
    const languages = newMemoryLanguages(values);
    if (values.memoryChoice === NEW_MEMORY && languages) {
      try {
        const memory = await createMemory.mutateAsync({
          name: values.newMemoryName.trim(),
          ...languages,
        });
        memoryId = memory.id;
        // If the project fails next, trying again must not make a second memory.
        change({ memoryChoice: String(memory.id) });
      } catch (error) {
        setFailure({ title: 'The memory was not created', error });
        return;
      }
    }
    const dueDate = values.dueDate ? dueDateToEpoch(values.dueDate) : undefined;
    try {
      const project = await createProject.mutateAsync({
        name: values.name.trim(),
        memory_id: memoryId,
        ...(dueDate === undefined ? {} : { due_date: dueDate }),
      });
      closeDialog();
      announce(`Created “${project.name}” in Backlog.`);
      requestFocus({ projectId: project.id });
    } catch (error) {
      setFailure({ title: 'The project was not created', error });
    }
  };

  return (
    <ModalDialog
      labelledBy="create-project-title"
      testId="create-project-dialog"
      onClose={closeDialog}
      className="modal-form"
    >
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="modal-body">
          <h2 id="create-project-title">New project</h2>
          <TextField
            id="project-name"
            label="Project name"
            value={values.name}
            onValue={(name) => change({ name })}
            error={errors.name}
            testId="project-name"
          />
          <MemoryField values={values} errors={errors} onChange={change} />
          <MachineTranslationNotice values={values} />
          <TextField
            id="project-due-date"
            type="date"
            label="Due date"
            isOptional
            value={values.dueDate}
            onValue={(dueDate) => change({ dueDate })}
            error={errors.dueDate}
            testId="project-due-date"
          />
          {failure ? <ErrorMessage error={failure.error} title={failure.title} /> : null}
        </div>
        <div className="modal-actions">
          <button
            type="button"
            className="button"
            onClick={closeDialog}
            data-testid="create-project-cancel"
          >
            Cancel
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={isBusy || isTagInvalid}
            data-testid="create-project-submit"
          >
            {isBusy ? 'Creating…' : 'Create project'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
