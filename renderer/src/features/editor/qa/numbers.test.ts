import { describe, expect, it } from 'vitest';
import { checkSegment, extractNumbers } from './qa';
import { readNumbers } from './numbers';

const values = (text: string, locale: string) => readNumbers(text, locale).map((n) => n.value);
const enEs = { source: 'en', target: 'es' };
const codes = (source: string, target: string, languages = enEs) =>
  checkSegment(source, target, languages).map((w) => w.code);

describe('numbers read in the document locale', () => {
  it('reads grouped and ungrouped forms with the locale separators', () => {
    expect(values('1,000 and 1000 and 1,234,567.25', 'en')).toEqual(['1000', '1000', '1234567.25']);
    expect(values('1.000 y 1000 y 1.234.567,25', 'es')).toEqual(['1000', '1000', '1234567.25']);
    expect(values('1 000 et 1\u202f234,5', 'fr')).toEqual(['1000', '1234.5']);
    expect(values("1'000.5", 'de-CH')).toEqual(['1000.5']);
    expect(values('12,34,567', 'hi')).toEqual(['1234567']);
  });

  it('reads 15.5516 in English as one number, and 1.000 in English as 1', () => {
    expect(values('15.5516', 'en')).toEqual(['15.5516']);
    // The dot is the English decimal mark: 1.000 is one, not a thousand.
    expect(values('1.000', 'en')).toEqual(['1']);
    expect(extractNumbers('It weighs 1.000 kg.', 'en')).toEqual(['1']);
  });

  it('treats 1,000 (en), 1.000 (es) and 1000 as the same number', () => {
    expect(codes('Pay 1,000 euros.', 'Pague 1.000 euros.')).toEqual([]);
    expect(codes('Pay 1,000 euros.', 'Pague 1000 euros.')).toEqual([]);
    expect(codes('Pay 1000 euros.', 'Pague 1.000 euros.')).toEqual([]);
    expect(codes('Pay 1,500.50 euros.', 'Pague 1.500,50 euros.')).toEqual([]);
    expect(codes('Pi is 3.14.', 'Pi es 3,14.')).toEqual([]);
  });

  it('warns when the value differs, naming the numbers as written', () => {
    const warnings = checkSegment('Rate: 15.5516 today.', 'Tasa: 15.5517 hoy.', enEs);
    expect(warnings.map((w) => w.code)).toEqual(['number-missing', 'number-extra']);
    expect(warnings[0]?.message).toContain('“15.5516”');
    expect(warnings[1]?.message).toContain('“15.5517”');
    expect(codes('It weighs 1.000 kg.', 'Pesa 1.000 kg.', { source: 'en', target: 'en' })).toEqual(
      [],
    );
  });

  it('says once that a number kept as written reads as another value in the target language', () => {
    // In Spanish "1,000" is one: the translator kept the English thousands separator.
    const warnings = checkSegment('Pay 1,000 euros.', 'Pague 1,000 euros.', enEs);
    expect(warnings.map((w) => w.code)).toEqual(['number-format']);
    expect(warnings[0]?.message).toContain('“1,000”');
  });

  it('takes a number kept as written that the target language does not read as a number', () => {
    // Versions and decimals left as in the source: not a number in Spanish, so the translator's
    // choice; never "missing" next to "added" for the same text.
    expect(codes('LibreOffice 5.0 is out.', 'LibreOffice 5.0 ya salió.')).toEqual([]);
    expect(codes('Set it to 3.45 mm.', 'Ajústelo a 3.45 mm.')).toEqual([]);
    expect(codes('Rate: 15.5516 today.', 'Tasa: 15.5516 hoy.')).toEqual([]);
  });

  it('keeps numbers side by side apart, and compares versions as written', () => {
    expect(values('In 2023 15 new branches', 'en')).toEqual(['2023', '15']);
    expect(values('In 2023 150 new branches', 'en')).toEqual(['2023', '150']);
    expect(codes('Version 1.2.3 is out.', 'La versión 1.2.3 ya salió.')).toEqual([]);
  });

  it('falls back to English separators for a locale Intl does not know', () => {
    expect(values('1,000.5', 'not a locale!')).toEqual(['1000.5']);
  });
});
