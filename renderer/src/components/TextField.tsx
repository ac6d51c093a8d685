import type { InputHTMLAttributes, ReactNode } from 'react';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'aria-invalid' | 'aria-describedby'
>;

interface TextFieldProps extends InputProps {
  id: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  /** What is wrong, in words: the input is marked invalid and described by it. */
  error?: string | null;
  /** A line under the input saying what it takes (it describes the input while nothing is wrong). */
  help?: ReactNode;
  /** Says "(optional)" beside the label. */
  isOptional?: boolean;
  testId?: string;
}

/** A labelled input with its help and its error: the one text field of every form. */
export function TextField(props: TextFieldProps) {
  const { id, label, value, onValue, error, help, isOptional, testId, ...input } = props;
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {isOptional ? (
          <>
            {' '}
            <span className="field-optional">(optional)</span>
          </>
        ) : null}
      </label>
      <input
        type="text"
        {...input}
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : help ? helpId : undefined}
        data-testid={testId}
      />
      {help ? (
        <p className="field-help" id={helpId}>
          {help}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
