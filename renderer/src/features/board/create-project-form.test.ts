import { describe, expect, it } from 'vitest';
import {
  hasInvalidLanguageTag,
  NEW_MEMORY,
  newMemoryLanguages,
  validateProjectForm,
  type ProjectFormValues,
} from './create-project-form';

const NEW: ProjectFormValues = {
  name: 'Launch',
  memoryChoice: NEW_MEMORY,
  newMemoryName: 'Docs',
  srclang: 'en',
  trglang: 'es',
  dueDate: '',
};

describe('create-project form languages', () => {
  it('takes language tags and sends them as code and locale', () => {
    expect(validateProjectForm({ ...NEW, trglang: 'pt-BR' })).toEqual({});
    expect(newMemoryLanguages({ srclang: 'en', trglang: 'pt-BR' })).toEqual({
      srclang: 'en',
      trglang: 'pt',
      trglocale: 'BR',
    });
    expect(newMemoryLanguages({ srclang: 'en_US', trglang: 'es' })).toBeUndefined();
  });

  it('explains a wrong tag and keeps Create disabled while it is typed', () => {
    const values = { ...NEW, srclang: 'en_US' };
    expect(validateProjectForm(values).srclang).toBe('“en_US” is not a language tag; use en-US.');
    expect(hasInvalidLanguageTag(values)).toBe(true);
    expect(hasInvalidLanguageTag(NEW)).toBe(false);
    // Empty is "missing", said on submit, not a wrong tag.
    expect(hasInvalidLanguageTag({ ...NEW, trglang: '' })).toBe(false);
    // An existing memory brings its pair: the typed fields do not count.
    expect(hasInvalidLanguageTag({ ...values, memoryChoice: '3' })).toBe(false);
  });

  it('still asks for both languages, different ones', () => {
    const errors = validateProjectForm({ ...NEW, srclang: '', trglang: 'en' });
    expect(errors.srclang).toBe('Choose the language the documents are in.');
    expect(validateProjectForm({ ...NEW, trglang: 'en' }).trglang).toContain('different language');
    expect(validateProjectForm({ ...NEW, srclang: 'en-US', trglang: 'en-GB' })).toEqual({});
  });
});
