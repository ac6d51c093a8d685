import { describe, expect, it } from 'vitest';
import {
  apertiumLanguages,
  discoverApertiumPairs,
  languagesFromPairs,
  parseModes,
} from './apertium-pairs';
import { languageName, toApertiumCode, toApiCode } from './language-names';

const LISTING = `  cat-eng
  cat-eng_US
  eng-cat
  eng-cat_valencia
  eng-spa
  eng-spa-morph
  spa-eng
  spa-eng_US
  en-es
  eng-spa
`;

describe('parseModes', () => {
  it('keeps only plain xxx-yyy modes, once each, with API codes', () => {
    expect(parseModes(LISTING)).toEqual([
      { source: 'ca', target: 'en', mode: 'cat-eng' },
      { source: 'en', target: 'ca', mode: 'eng-cat' },
      { source: 'en', target: 'es', mode: 'eng-spa' },
      { source: 'es', target: 'en', mode: 'spa-eng' },
      { source: 'en', target: 'es', mode: 'en-es' },
    ]);
  });
});

describe('language codes', () => {
  it('maps ISO 639-3 to 639-1 both ways and keeps unknown codes', () => {
    expect(toApiCode('eng')).toBe('en');
    expect(toApiCode('spa')).toBe('es');
    expect(toApiCode('ast')).toBe('ast');
    expect(toApertiumCode('en')).toBe('eng');
    expect(toApertiumCode('ca')).toBe('cat');
    expect(toApertiumCode('ast')).toBe('ast');
  });

  it('names codes in English', () => {
    expect(languageName('es')).toBe('Spanish');
    expect(languageName('ast')).toBe('Asturian');
  });
});

describe('languagesFromPairs', () => {
  it('builds source_to_target and names every code that appears', () => {
    expect(languagesFromPairs(parseModes('eng-spa\nspa-eng\neng-cat\n'))).toEqual({
      source_to_target: { en: { es: true, ca: true }, es: { en: true } },
      code_to_name: { en: 'English', es: 'Spanish', ca: 'Catalan' },
    });
  });
});

describe('discoverApertiumPairs', () => {
  it('finds the installed eng-spa pair', async () => {
    const pairs = await discoverApertiumPairs();
    expect(pairs).toContainEqual({ source: 'en', target: 'es', mode: 'eng-spa' });
  });

  it('answers no pairs when apertium is missing', async () => {
    expect(await discoverApertiumPairs({ binary: '/nonexistent/apertium' })).toEqual([]);
  });

  it('discovers once per provider', async () => {
    const languages = apertiumLanguages();
    const first = languages();
    expect(languages()).toBe(first);
    expect((await first).source_to_target.en?.es).toBe(true);
  });
});
