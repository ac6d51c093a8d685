import { FilePickerButton } from '../../components/FilePickerButton';
import { useFileDrop } from '../../hooks/use-file-drop';

interface JobFilesFieldProps {
  files: File[];
  onChange: (files: File[]) => void;
  error?: string;
}

/** The job's source files: dropped here or picked, listed with a way to take one out. */
export function JobFilesField({ files, onChange, error }: JobFilesFieldProps) {
  // The same file picked twice is one source.
  const add = (added: File[]) =>
    onChange([
      ...files,
      ...added.filter((file) => !files.some((f) => f.name === file.name && f.size === file.size)),
    ]);
  const drop = useFileDrop(add);
  return (
    <fieldset className="field job-files" aria-describedby={error ? 'job-files-error' : undefined}>
      <legend>Files</legend>
      <div
        className={drop.isDragging ? 'job-drop is-dragging' : 'job-drop'}
        data-testid="job-files-drop"
        {...drop.handlers}
      >
        <p>Drop the files to translate here, or</p>
        <FilePickerButton onFiles={add} testId="job-files-pick" inputTestId="job-files-input">
          Choose files…
        </FilePickerButton>
      </div>
      {files.length ? (
        <ul className="job-file-list" data-testid="job-file-list">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <span>{file.name}</span>
              <button
                type="button"
                className="button button-small"
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((f) => f !== file))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="field-error" id="job-files-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
