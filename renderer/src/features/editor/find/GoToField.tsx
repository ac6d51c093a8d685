import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useEditorStore } from '../editor-store';
import { useFindStore } from './find-store';
import { parseGoTo } from './go-to';

interface GoToFieldProps {
  count: number;
  /** Goes to a segment (0-based), showing it first if a filter hides it. */
  onGoTo: (index: number) => void;
}

/** "Go to segment": a number, Enter; Ctrl+G comes here. */
export function GoToField({ count, onGoTo }: GoToFieldProps) {
  const ref = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const focusRequest = useFindStore((state) => state.goToFocusRequest);
  useEffect(() => {
    if (focusRequest > 0) ref.current?.select();
  }, [focusRequest]);

  const backToTarget = () => {
    // The target takes the focus only once it has left the find bar (see TargetEditor).
    ref.current?.blur();
    useEditorStore.getState().focusTarget();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setValue('');
      setError(null);
      backToTarget();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const result = parseGoTo(value, count);
      if (result.kind === 'invalid') return setError(result.message);
      setError(null);
      setValue('');
      ref.current?.blur();
      onGoTo(result.index);
      useEditorStore.getState().focusTarget();
    }
  };

  return (
    <span className="find-go-to">
      <label>
        Go to
        <input
          ref={ref}
          type="text"
          inputMode="numeric"
          className="find-go-to-input"
          value={value}
          placeholder="#"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'find-go-to-error' : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          data-testid="find-go-to"
        />
      </label>
      {error ? (
        <span
          id="find-go-to-error"
          className="find-error"
          role="alert"
          data-testid="find-go-to-error"
        >
          {error}
        </span>
      ) : null}
    </span>
  );
}
