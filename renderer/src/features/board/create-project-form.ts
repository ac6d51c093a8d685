import type { MemoryCreateParameters } from '../../../../shared/api/memories';
import { checkLanguageTag, memoryLanguages } from '../../components/language-tag';
import { localDayStart } from './board-filters';

/** The create-project dialog's fields as typed. */
export interface ProjectFormValues {
  name: string;
  /** A memory id, or `new` to create one with the fields below. */
  memoryChoice: string;
  newMemoryName: string;
  srclang: string;
  trglang: string;
  /** `YYYY-MM-DD`, or empty for no due date. */
  dueDate: string;
}

export type ProjectFormField = keyof ProjectFormValues;
export type ProjectFormErrors = Partial<Record<ProjectFormField, string>>;

export const NEW_MEMORY = 'new';

const MAX_NAME = 255;

function checkName(value: string, what: string): string | undefined {
  if (!value.trim()) return `Give the ${what} a name.`;
  if (value.trim().length > MAX_NAME) return `A ${what} name has at most ${MAX_NAME} characters.`;
  return undefined;
}

function checkLanguage(value: string, missing: string): string | undefined {
  if (!value.trim()) return missing;
  const check = checkLanguageTag(value);
  return check.isValid ? undefined : check.problem;
}

/** The new memory's language tags as the API takes them: `pt-BR` is `pt` with the locale `BR`. */
export function newMemoryLanguages(
  values: Pick<ProjectFormValues, 'srclang' | 'trglang'>,
): Omit<MemoryCreateParameters, 'name'> | undefined {
  return memoryLanguages(values.srclang, values.trglang);
}

/** Whether a typed language tag is wrong right now, so Create stays disabled until it is fixed. */
export function hasInvalidLanguageTag(values: ProjectFormValues): boolean {
  if (values.memoryChoice !== NEW_MEMORY) return false;
  return [values.srclang, values.trglang].some(
    (tag) => tag.trim() !== '' && !checkLanguageTag(tag).isValid,
  );
}

/** What is wrong with the form, in words, per field; empty when it can be sent. */
export function validateProjectForm(values: ProjectFormValues): ProjectFormErrors {
  const errors: ProjectFormErrors = {};
  const name = checkName(values.name, 'project');
  if (name) errors.name = name;
  if (!values.memoryChoice) {
    errors.memoryChoice = 'Choose the memory the project uses, or create a new one.';
  }
  if (values.memoryChoice === NEW_MEMORY) {
    const memoryName = checkName(values.newMemoryName, 'memory');
    if (memoryName) errors.newMemoryName = memoryName;
    const source = checkLanguage(values.srclang, 'Choose the language the documents are in.');
    if (source) errors.srclang = source;
    const target = checkLanguage(values.trglang, 'Choose the language to translate into.');
    if (target) errors.trglang = target;
    else if (values.srclang === values.trglang) {
      errors.trglang = 'Translate into a different language from the source.';
    }
  }
  if (values.dueDate && localDayStart(values.dueDate) === null) {
    errors.dueDate = 'Enter the due date as a full date, or leave it empty.';
  }
  return errors;
}

/** A due day means "by the end of that day", local time: the last second before midnight. */
export function dueDateToEpoch(day: string): number | undefined {
  const nextMidnight = localDayStart(day, 1);
  return nextMidnight === null ? undefined : nextMidnight - 1;
}
