import { useState, type KeyboardEvent } from 'react';
import type { SourceFile } from '../../../../shared/api/files';
import { CloseIcon } from '../../components/icons';
import { labelProblem } from './labels';
import { useAddFileLabel, useRemoveFileLabel } from './mutations';
import { useFilesStore } from './files-store';

/** A file's labels as chips, each removable, and a field to add one (Enter). */
export function FileLabels({ file }: { file: SourceFile }) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { showAlert } = useFilesStore.getState();
  const addLabel = useAddFileLabel({
    onSuccess: () => setDraft(''),
    onError: (error, { name }) =>
      showAlert({ title: `The label “${name}” was not added to ${file.name}`, error }),
  });
  const removeLabel = useRemoveFileLabel({
    onError: (error, { name }) =>
      showAlert({ title: `The label “${name}” was not removed from ${file.name}`, error }),
  });

  const submit = () => {
    const name = draft.trim();
    const why = labelProblem(name);
    if (why) {
      setProblem(why);
      return;
    }
    if (file.labels.includes(name)) {
      setDraft('');
      return;
    }
    addLabel.mutate({ id: file.id, name });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape') {
      setDraft('');
      setProblem(null);
    }
  };
  const problemId = `label-problem-${file.id}`;

  return (
    <div className="file-labels">
      {file.labels.map((label) => (
        <span key={label} className="label-chip" data-testid="label-chip" data-label={label}>
          <span className="label-chip-text">{label}</span>
          <button
            type="button"
            className="label-remove"
            onClick={() => removeLabel.mutate({ id: file.id, name: label })}
            disabled={removeLabel.isPending && removeLabel.variables.name === label}
            aria-label={`Remove the label ${label} from ${file.name}`}
            title="Remove label"
            data-testid="label-remove"
          >
            <CloseIcon width={12} height={12} />
          </button>
        </span>
      ))}
      <input
        type="text"
        className="label-input"
        value={draft}
        placeholder="+ Label"
        maxLength={100}
        onChange={(event) => {
          setDraft(event.target.value);
          setProblem(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setProblem(null)}
        readOnly={addLabel.isPending}
        aria-label={`Add a label to ${file.name}`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        data-testid="label-input"
      />
      {problem ? (
        <span className="label-problem" id={problemId} role="alert">
          {problem}
        </span>
      ) : null}
    </div>
  );
}
