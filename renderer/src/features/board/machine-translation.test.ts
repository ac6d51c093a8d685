import { describe, expect, it } from 'vitest';
import { hasMachineTranslation, missingMachineTranslationNotice } from './machine-translation';

const DEBIAN_APERTIUM = {
  source_to_target: { en: { es: true, ca: true }, es: { en: true }, ca: { en: true } },
  code_to_name: { en: 'English', es: 'Spanish', ca: 'Catalan' },
};

describe('machine translation for a pair', () => {
  it('knows the pairs the server serves, in their direction', () => {
    expect(hasMachineTranslation(DEBIAN_APERTIUM, 'en', 'es')).toBe(true);
    expect(hasMachineTranslation(DEBIAN_APERTIUM, 'es', 'ca')).toBe(false);
    expect(hasMachineTranslation(DEBIAN_APERTIUM, 'en', 'de')).toBe(false);
    expect(hasMachineTranslation({ ...DEBIAN_APERTIUM, source_to_target: {} }, 'en', 'es')).toBe(
      false,
    );
  });

  it('names a pair without MT, with names the server or Intl knows', () => {
    expect(missingMachineTranslationNotice(DEBIAN_APERTIUM, 'en', 'de')).toBe(
      'No machine translation for English → German on this server: segments without a TM match stay empty.',
    );
    expect(missingMachineTranslationNotice(DEBIAN_APERTIUM, 'es', 'ca')).toContain(
      'Spanish → Catalan',
    );
  });

  it('says nothing for a served pair or one not complete yet', () => {
    expect(missingMachineTranslationNotice(DEBIAN_APERTIUM, 'en', 'es')).toBeUndefined();
    expect(missingMachineTranslationNotice(DEBIAN_APERTIUM, 'en', undefined)).toBeUndefined();
    expect(missingMachineTranslationNotice(DEBIAN_APERTIUM, undefined, 'es')).toBeUndefined();
    expect(missingMachineTranslationNotice(DEBIAN_APERTIUM, 'en', 'en')).toBeUndefined();
  });
});
