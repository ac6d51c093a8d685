import { describe, expect, it } from 'vitest';
import { checkLanguageTag, languageTagProblem } from './language-tag';

describe('language tag check', () => {
  it('takes BCP 47 tags in their canonical form, split as the API takes them', () => {
    expect(checkLanguageTag('pt')).toEqual({ isValid: true, tag: 'pt', language: 'pt' });
    expect(checkLanguageTag('EN')).toEqual({ isValid: true, tag: 'en', language: 'en' });
    expect(checkLanguageTag(' en-us ')).toEqual({
      isValid: true,
      tag: 'en-US',
      language: 'en',
      locale: 'US',
    });
    expect(checkLanguageTag('sr-latn-rs')).toMatchObject({ tag: 'sr-Latn-RS', locale: 'Latn-RS' });
    expect(checkLanguageTag('es-419')).toMatchObject({ language: 'es', locale: '419' });
    expect(checkLanguageTag('ca-valencia')).toMatchObject({ language: 'ca', locale: 'valencia' });
    // A deprecated code comes back as its replacement.
    expect(checkLanguageTag('iw')).toMatchObject({ tag: 'he', language: 'he' });
  });

  it('refuses what is not a tag, suggesting the tag for a POSIX locale', () => {
    expect(checkLanguageTag('en_US')).toEqual({
      isValid: false,
      problem: '“en_US” is not a language tag; use en-US.',
    });
    for (const text of ['E1', 'english', 'x-private', 'en-', '-US', 'en US']) {
      expect(checkLanguageTag(text)).toMatchObject({ isValid: false });
    }
  });

  it('refuses a tag whose language is not a two- or three-letter code', () => {
    // Well formed for BCP 47 (a registered 5-8 letter subtag), not a code the API takes.
    expect(checkLanguageTag('abcde')).toMatchObject({ isValid: false });
    expect(languageTagProblem('abcde')).toContain('two- or three-letter language code');
  });

  it('says nothing about an empty field', () => {
    expect(languageTagProblem('')).toBeUndefined();
    expect(languageTagProblem('  ')).toBeUndefined();
    expect(languageTagProblem('de')).toBeUndefined();
    expect(languageTagProblem('E1')).toBe('“E1” is not a language tag, such as pt or pt-BR.');
  });
});
