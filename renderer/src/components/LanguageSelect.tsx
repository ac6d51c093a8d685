import { useState } from 'react';

export interface LanguageOption {
  code: string;
  label: string;
}

interface LanguageSelectProps {
  id: string;
  label: string;
  value: string;
  options: LanguageOption[];
  onChange: (code: string) => void;
  error?: string;
  testId: string;
}

const OTHER = '__other';

/** The languages the server names, plus "Other code…" for any two- or three-letter code. */
export function LanguageSelect({
  id,
  label,
  value,
  options,
  onChange,
  error,
  testId,
}: LanguageSelectProps) {
  const [isOther, setIsOther] = useState(false);
  const isListed = options.some((option) => option.code === value);
  const selected = isOther || (value && !isListed) ? OTHER : value;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={selected}
        onChange={(event) => {
          const isOtherChosen = event.target.value === OTHER;
          setIsOther(isOtherChosen);
          onChange(isOtherChosen ? '' : event.target.value);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid={testId}
      >
        <option value="">Choose a language…</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.label}
          </option>
        ))}
        <option value={OTHER}>Other code…</option>
      </select>
      {selected === OTHER ? (
        <input
          type="text"
          className="language-code-input"
          aria-label={`${label}: language code`}
          placeholder="Code, e.g. pt"
          maxLength={3}
          autoCapitalize="off"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value.trim().toLowerCase())}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={`${testId}-other`}
        />
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
