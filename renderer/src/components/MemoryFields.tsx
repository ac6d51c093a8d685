import { LanguageSelect, type LanguageOption } from './LanguageSelect';

export interface MemoryFieldValues {
  name: string;
  srclang: string;
  trglang: string;
}

interface MemoryFieldsProps {
  /** Ids and test ids: `<idPrefix>-name`, `-srclang`, `-trglang`. */
  idPrefix: string;
  values: MemoryFieldValues;
  errors: Partial<Record<keyof MemoryFieldValues, string>>;
  options: LanguageOption[];
  onChange: (change: Partial<MemoryFieldValues>) => void;
}

/** A new memory's name and language pair, with what is wrong with each. */
export function MemoryFields({ idPrefix, values, errors, options, onChange }: MemoryFieldsProps) {
  const nameError = `${idPrefix}-name-error`;
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-name`}>Memory name</label>
        <input
          id={`${idPrefix}-name`}
          type="text"
          value={values.name}
          onChange={(event) => onChange({ name: event.target.value })}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? nameError : undefined}
          data-testid={`${idPrefix}-name`}
        />
        {errors.name ? (
          <p className="field-error" id={nameError}>
            {errors.name}
          </p>
        ) : null}
      </div>
      <div className="field-row">
        <LanguageSelect
          id={`${idPrefix}-srclang`}
          label="Source language"
          value={values.srclang}
          options={options}
          onChange={(srclang) => onChange({ srclang })}
          error={errors.srclang}
          testId={`${idPrefix}-srclang`}
        />
        <LanguageSelect
          id={`${idPrefix}-trglang`}
          label="Target language"
          value={values.trglang}
          options={options}
          onChange={(trglang) => onChange({ trglang })}
          error={errors.trglang}
          testId={`${idPrefix}-trglang`}
        />
      </div>
    </>
  );
}
