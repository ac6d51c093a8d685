import { FILE_TM_THRESHOLD_RANGE } from '../../../../shared/api/file-translation';
import type { StartTranslationsInput } from '../../queries/translation-mutations';

export interface TranslateFormValues {
  memoryId: number | undefined;
  withTM: boolean;
  /** The minimum TM score as typed; empty takes the server's default. */
  minScore: string;
}

export type TranslateFormErrors = Partial<Record<'memoryId' | 'minScore', string>>;

const { minimum, maximum } = FILE_TM_THRESHOLD_RANGE;

/** The start call for the chosen files, or what is wrong with the form in words. */
export function readTranslateForm(
  values: TranslateFormValues,
  fileIds: readonly number[],
): { input: StartTranslationsInput } | { errors: TranslateFormErrors } {
  const errors: TranslateFormErrors = {};
  if (values.memoryId === undefined) errors.memoryId = 'Choose a memory: it sets the languages.';
  const typed = values.minScore.trim();
  const score = Number(typed);
  const hasScore = values.withTM && typed !== '';
  if (hasScore && (!Number.isInteger(score) || score < minimum || score > maximum)) {
    errors.minScore = `A whole number from ${minimum} to ${maximum}, or empty for the default.`;
  }
  if (errors.memoryId || errors.minScore || values.memoryId === undefined) return { errors };
  return {
    input: {
      fileIds: [...fileIds],
      memoryId: values.memoryId,
      withTM: values.withTM,
      ...(hasScore ? { minScore: score } : {}),
    },
  };
}
