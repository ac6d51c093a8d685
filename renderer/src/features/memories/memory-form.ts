import { languageTagProblem } from '../../components/language-tag';

/** The new-memory dialog's fields as typed. */
export interface MemoryFormValues {
  name: string;
  srclang: string;
  trglang: string;
}

export type MemoryFormErrors = Partial<Record<keyof MemoryFormValues, string>>;

const MAX_NAME = 255;

/** What is wrong with a memory name, in words, or undefined. */
export function checkMemoryName(value: string): string | undefined {
  if (!value.trim()) return 'Give the memory a name.';
  if (value.trim().length > MAX_NAME) return `A memory name has at most ${MAX_NAME} characters.`;
  return undefined;
}

function checkLanguage(value: string, missing: string): string | undefined {
  if (!value.trim()) return missing;
  return languageTagProblem(value);
}

/** What is wrong with the form, per field; empty when it can be sent. */
export function validateMemoryForm(values: MemoryFormValues): MemoryFormErrors {
  const errors: MemoryFormErrors = {};
  const name = checkMemoryName(values.name);
  if (name) errors.name = name;
  const source = checkLanguage(values.srclang, 'Choose the language the sentences are in.');
  if (source) errors.srclang = source;
  const target = checkLanguage(values.trglang, 'Choose the language they are translated into.');
  if (target) errors.trglang = target;
  else if (values.srclang === values.trglang) {
    errors.trglang = 'Translate into a different language from the source.';
  }
  return errors;
}
