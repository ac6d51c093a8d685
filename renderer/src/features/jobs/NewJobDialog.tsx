import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Job } from '../../../../shared/api/jobs';
import { ErrorMessage } from '../../components/ErrorMessage';
import { LanguageSelect } from '../../components/LanguageSelect';
import { languageOptions } from '../../components/language-options';
import { ModalDialog } from '../../components/ModalDialog';
import { languageQueries } from '../../queries/languages';
import { memoryQueries } from '../../queries/memories';
import { JobFilesField } from './JobFilesField';
import { JobOptionsFields } from './JobOptionsFields';
import { fieldOrder, validateNewJob, type NewJobErrors, type NewJobValues } from './new-job-form';
import { newTarget, TargetLanguagesField } from './TargetLanguagesField';
import { useSubmitNewJob } from './use-submit-new-job';
import { TextField } from '../../components/TextField';

interface NewJobDialogProps {
  onClose: () => void;
  onCreated: (job: Job) => void;
}

/** The element that shows a field's problem: the first wrong one takes the focus. */
const FOCUS: Record<string, string> = { files: 'job-files-pick', targets: 'job-add-target' };

/** Files, source language, target languages with their memories, due date, template. */
export function NewJobDialog({ onClose, onCreated }: NewJobDialogProps) {
  const languages = useQuery(languageQueries.list());
  const memories = useQuery(memoryQueries.list());
  const [values, setValues] = useState<NewJobValues>(() => ({
    name: '',
    files: [],
    source: '',
    sourceLocale: '',
    targets: [newTarget()],
    due: '',
    templateId: '',
    pretranslate: false,
  }));
  const [errors, setErrors] = useState<NewJobErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const { submit, step } = useSubmitNewJob();
  const options = languageOptions(languages.data);
  const change = (patch: Partial<NewJobValues>) => setValues((v) => ({ ...v, ...patch }));

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = validateNewJob(values);
    setErrors(problems);
    setFailure(null);
    const first = fieldOrder(values).find((field) => problems[field]);
    if (first) {
      const byTestId = FOCUS[first];
      const element = byTestId
        ? document.querySelector<HTMLElement>(`[data-testid="${byTestId}"]`)
        : document.getElementById(first === 'name' || first === 'due' ? `job-${first}` : first);
      element?.focus();
      return;
    }
    try {
      onCreated(await submit(values));
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <ModalDialog
      labelledBy="new-job-title"
      testId="new-job-dialog"
      onClose={onClose}
      className="modal-form"
    >
      <form className="form" onSubmit={(event) => void send(event)} noValidate>
        <div className="modal-body">
          <h2 id="new-job-title">New job</h2>
          <TextField
            id="job-name"
            label="Job name"
            value={values.name}
            onValue={(name) => change({ name })}
            error={errors.name}
            testId="job-name"
          />
          <JobFilesField
            files={values.files}
            onChange={(files) => change({ files })}
            error={errors.files}
          />
          <LanguageSelect
            id="source"
            label="Source language"
            value={values.source}
            options={options}
            onChange={(source) => change({ source })}
            error={errors.source}
            testId="job-source-language"
          />
          <TargetLanguagesField
            source={values.source}
            targets={values.targets}
            options={options}
            memories={memories.data ?? []}
            errors={errors}
            onChange={(targets) => change({ targets })}
          />
          <JobOptionsFields values={values} errors={errors} onChange={change} />
          {failure ? (
            <ErrorMessage error={failure} title="The job was not created" testId="new-job-error" />
          ) : null}
          {step.kind === 'busy' ? (
            <p className="muted" role="status">
              {step.text}
            </p>
          ) : null}
        </div>
        <div className="modal-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={step.kind === 'busy'}
            data-testid="new-job-create"
          >
            {step.kind === 'busy' ? 'Creating…' : 'Create job'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
