import { describe, expect, it } from 'vitest';
import { languageOptions } from './language-options';

describe('language options', () => {
  it('offers every code the server names or pairs, by name with the code, sorted by name', () => {
    const options = languageOptions({
      source_to_target: { en: { es: true, ca: true }, oc: { ca: true } },
      code_to_name: { en: 'English', es: 'Spanish', ca: 'Catalan', fr: 'French' },
    });
    expect(options).toEqual([
      { code: 'ca', label: 'Catalan (ca)' },
      { code: 'en', label: 'English (en)' },
      { code: 'fr', label: 'French (fr)' },
      // Paired but unnamed: shown by its code.
      { code: 'oc', label: 'oc' },
      { code: 'es', label: 'Spanish (es)' },
    ]);
  });

  it('is empty until the server answers', () => {
    expect(languageOptions(undefined)).toEqual([]);
  });
});
