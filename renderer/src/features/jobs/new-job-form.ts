import type { Memory } from '../../../../shared/api/memories';
import { checkLanguageTag } from '../../components/language-tag';

/** A target language of the new job and the memory it takes (an id, `new`, or none yet). */
export interface TargetDraft {
  key: number;
  language: string;
  memoryChoice: string;
}

export interface NewJobValues {
  name: string;
  files: File[];
  source: string;
  /** The source's locale (`US`), which the API requires; taken from `en-US` when typed so. */
  sourceLocale: string;
  targets: TargetDraft[];
  /** `YYYY-MM-DD`, or empty for no due date. */
  due: string;
  /** A template id, or empty for none. */
  templateId: string;
  pretranslate: boolean;
}

export const NEW_MEMORY = 'new';

/** `target-2-memory`: a field's key; the targets' are numbered by their draft key. */
export type NewJobErrors = Partial<Record<string, string>>;

const LOCALE = /^[A-Za-z0-9]{1,8}([-_][A-Za-z0-9]{1,8})*$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The ISO language code of a typed tag (`pt-BR` -> `pt`), or undefined when it is no tag. */
export function languageOf(tag: string): string | undefined {
  const check = checkLanguageTag(tag);
  return check.isValid ? check.language : undefined;
}

/** The memories that translate from the source into this target (locales aside). */
export function memoriesFor(memories: readonly Memory[], source: string, target: string) {
  const from = languageOf(source);
  const to = languageOf(target);
  return memories.filter((memory) => memory.srclang === from && memory.trglang === to);
}

/** The locale the API gets: the typed one, else the region of the source tag (`en-US`). */
export function sourceLocaleOf(values: Pick<NewJobValues, 'source' | 'sourceLocale'>) {
  if (values.sourceLocale.trim()) return values.sourceLocale.trim();
  const check = checkLanguageTag(values.source);
  return check.isValid ? (check.locale ?? '') : '';
}

/** A due day means "by the end of that day", local time, as an ISO date-time. */
export function dueToIso(day: string): string | undefined {
  if (!DAY.test(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const end = new Date(year, month - 1, date, 23, 59, 59);
  return end.getDate() === date ? end.toISOString() : undefined;
}

function checkTargets(values: NewJobValues, errors: NewJobErrors): void {
  const source = languageOf(values.source);
  const seen = new Set<string>();
  if (values.targets.length === 0) errors.targets = 'Add at least one language to translate into.';
  for (const target of values.targets) {
    const field = `target-${target.key}`;
    const check = checkLanguageTag(target.language);
    if (!target.language.trim()) errors[field] = 'Choose the language to translate into.';
    else if (!check.isValid) errors[field] = check.problem;
    else if (check.language === source) errors[field] = 'Translate into a different language.';
    else if (seen.has(check.tag)) errors[field] = 'This language is in the job already.';
    else seen.add(check.tag);
    if (!target.memoryChoice) {
      errors[`${field}-memory`] = 'Choose a memory for this language, or a new one.';
    }
  }
}

/** What is wrong with the form, in words, by field; empty when it can be sent. */
export function validateNewJob(values: NewJobValues): NewJobErrors {
  const errors: NewJobErrors = {};
  if (!values.name.trim()) errors.name = 'Give the job a name.';
  else if (values.name.trim().length > 255) errors.name = 'A job name has at most 255 characters.';
  if (values.files.length === 0) errors.files = 'Add the files to translate.';
  const source = checkLanguageTag(values.source);
  if (!values.source.trim()) errors.source = 'Choose the language the files are in.';
  else if (!source.isValid) errors.source = source.problem;
  const locale = sourceLocaleOf(values);
  if (!locale) errors.sourceLocale = 'Give the source locale, such as US or GB.';
  else if (!LOCALE.test(locale)) errors.sourceLocale = `“${locale}” is not a locale, such as US.`;
  checkTargets(values, errors);
  if (values.due && !dueToIso(values.due)) {
    errors.due = 'Enter the due date as a full date, or leave it empty.';
  }
  return errors;
}

/** The form's fields top to bottom, so the first wrong one takes the focus. */
export function fieldOrder(values: NewJobValues): string[] {
  const targets = values.targets.flatMap((t) => [`target-${t.key}`, `target-${t.key}-memory`]);
  return ['name', 'files', 'source', 'sourceLocale', 'targets', ...targets, 'due'];
}
