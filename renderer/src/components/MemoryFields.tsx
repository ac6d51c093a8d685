import { LanguageSelect, type LanguageOption } from './LanguageSelect';
import { TextField } from './TextField';

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
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        label="Memory name"
        value={values.name}
        onValue={(name) => onChange({ name })}
        error={errors.name}
        testId={`${idPrefix}-name`}
      />
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
