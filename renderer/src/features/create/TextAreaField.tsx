interface TextAreaFieldProps {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  help?: string;
  rows?: number;
  maxLength?: number;
  testId: string;
}

/** A labelled, optional multi-line field of the generate form. */
export function TextAreaField({
  id,
  label,
  value,
  onValue,
  help,
  rows = 3,
  ...rest
}: TextAreaFieldProps) {
  const helpId = `${id}-help`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label} <span className="field-optional">(optional)</span>
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        maxLength={rest.maxLength}
        onChange={(event) => onValue(event.target.value)}
        aria-describedby={help ? helpId : undefined}
        data-testid={rest.testId}
      />
      {help ? (
        <p className="field-help" id={helpId}>
          {help}
        </p>
      ) : null}
    </div>
  );
}
