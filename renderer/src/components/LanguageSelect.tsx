import { useState } from 'react';
import { checkLanguageTag, languageTagProblem } from './language-tag';

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

/** The languages the server names, plus "Other code…" for any BCP 47 language tag. */
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
  // The tag as typed: the form gets its canonical form (EN -> en) once it is a valid tag.
  const [typed, setTyped] = useState(value);
  const isListed = options.some((option) => option.code === value);
  const selected = isOther || (value && !isListed) ? OTHER : value;
  const errorId = `${id}-error`;
  // What is wrong with the tag being typed comes first: it is newer than the form's last check.
  const shownError = (selected === OTHER ? languageTagProblem(typed) : undefined) ?? error;
  const typeTag = (text: string) => {
    setTyped(text);
    const check = checkLanguageTag(text);
    onChange(check.isValid ? check.tag : text.trim());
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={selected}
        onChange={(event) => {
          const isOtherChosen = event.target.value === OTHER;
          setIsOther(isOtherChosen);
          setTyped('');
          onChange(isOtherChosen ? '' : event.target.value);
        }}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? errorId : undefined}
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
          aria-label={`${label}: language tag`}
          placeholder="Tag, e.g. pt or pt-BR"
          maxLength={64}
          autoCapitalize="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => typeTag(event.target.value)}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
          data-testid={`${testId}-other`}
        />
      ) : null}
      {shownError ? (
        <p className="field-error" id={errorId}>
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
