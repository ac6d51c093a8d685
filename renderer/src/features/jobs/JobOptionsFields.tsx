import { useQuery } from '@tanstack/react-query';
import { workflowQueries } from '../../queries/workflows';
import type { NewJobErrors, NewJobValues } from './new-job-form';

interface JobOptionsFieldsProps {
  values: NewJobValues;
  errors: NewJobErrors;
  onChange: (patch: Partial<NewJobValues>) => void;
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field-error" id={id}>
      {error}
    </p>
  ) : null;
}

/** The source locale, the due date, the workflow template and pretranslation. */
export function JobOptionsFields({ values, errors, onChange }: JobOptionsFieldsProps) {
  const templates = useQuery(workflowQueries.templates());
  return (
    <>
      <div className="field">
        <label htmlFor="sourceLocale">Source locale</label>
        <input
          id="sourceLocale"
          type="text"
          placeholder="e.g. US, GB or 419"
          maxLength={40}
          value={values.sourceLocale}
          onChange={(event) => onChange({ sourceLocale: event.target.value })}
          aria-invalid={errors.sourceLocale ? true : undefined}
          aria-describedby={errors.sourceLocale ? 'sourceLocale-error' : 'sourceLocale-help'}
          data-testid="job-source-locale"
        />
        <p className="field-help" id="sourceLocale-help">
          The region of the source files; taken from the tag when it has one (en-US).
        </p>
        <FieldError id="sourceLocale-error" error={errors.sourceLocale} />
      </div>
      <div className="field">
        <label htmlFor="job-due">
          Due date <span className="field-optional">(optional)</span>
        </label>
        <input
          id="job-due"
          type="date"
          value={values.due}
          onChange={(event) => onChange({ due: event.target.value })}
          aria-invalid={errors.due ? true : undefined}
          aria-describedby={errors.due ? 'job-due-error' : undefined}
          data-testid="job-due"
        />
        <FieldError id="job-due-error" error={errors.due} />
      </div>
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
