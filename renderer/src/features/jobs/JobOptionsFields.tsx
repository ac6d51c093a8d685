import { useQuery } from '@tanstack/react-query';
import { workflowQueries } from '../../queries/workflows';
import type { NewJobErrors, NewJobValues } from './new-job-form';
import { TextField } from '../../components/TextField';

interface JobOptionsFieldsProps {
  values: NewJobValues;
  errors: NewJobErrors;
  onChange: (patch: Partial<NewJobValues>) => void;
}

/** The source locale, the due date, the workflow template and pretranslation. */
export function JobOptionsFields({ values, errors, onChange }: JobOptionsFieldsProps) {
  const templates = useQuery(workflowQueries.templates());
  return (
    <>
      <TextField
        id="sourceLocale"
        label="Source locale"
        placeholder="e.g. US, GB or 419"
        maxLength={40}
        value={values.sourceLocale}
        onValue={(sourceLocale) => onChange({ sourceLocale })}
        help="The region of the source files; taken from the tag when it has one (en-US)."
        error={errors.sourceLocale}
        testId="job-source-locale"
      />
      <TextField
        id="job-due"
        type="date"
        label="Due date"
        isOptional
        value={values.due}
        onValue={(due) => onChange({ due })}
        error={errors.due}
        testId="job-due"
      />
      <div className="field">
        <label htmlFor="job-template">Workflow</label>
        <select
          id="job-template"
          value={values.templateId}
          onChange={(event) => onChange({ templateId: event.target.value })}
          data-testid="job-template"
        >
          <option value="">No workflow template</option>
          {templates.data?.map((template) => (
            <option key={template.id} value={String(template.id)}>
              {template.name}
            </option>
          ))}
        </select>
        {templates.error ? (
          <p className="field-help">The templates could not be read; the job can go without one.</p>
        ) : null}
      </div>
      <label className="job-checkbox">
        <input
          type="checkbox"
          checked={values.pretranslate}
          onChange={(event) => onChange({ pretranslate: event.target.checked })}
          data-testid="job-pretranslate"
        />
        Pretranslate from the memories
      </label>
    </>
  );
}
