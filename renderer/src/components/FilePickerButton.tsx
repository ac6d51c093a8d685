import { useRef, type ChangeEvent, type ReactNode } from 'react';

interface FilePickerButtonProps {
  onFiles: (files: File[]) => void;
  /** The `accept` filter of the file dialog (`.tmx,.xlf`); any file when absent. */
  accept?: string;
  className?: string;
  children: ReactNode;
  /** The button's test id; the hidden input gets `<testId>-input` unless `inputTestId` says. */
  testId: string;
  inputTestId?: string;
}

/** A button that opens the system's file dialog (several files at once) and hands over the choice. */
export function FilePickerButton(props: FilePickerButtonProps) {
  const { onFiles, accept, className = 'button button-small', children, testId } = props;
  const picker = useRef<HTMLInputElement>(null);
  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that picking the same file again still counts as a change.
    event.target.value = '';
    if (files.length) onFiles(files);
  };
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => picker.current?.click()}
        data-testid={testId}
      >
        {children}
      </button>
      <input
        ref={picker}
        type="file"
        multiple
        accept={accept}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onPicked}
        data-testid={props.inputTestId ?? `${testId}-input`}
      />
    </>
  );
}
